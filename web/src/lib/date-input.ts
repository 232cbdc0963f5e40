const pad = (n: number) => String(n).padStart(2, '0');

/** ISO-8601 -> `YYYY-MM-DDTHH:mm` in the viewer's time zone (what `<input type="datetime-local">` holds). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The reverse; empty stays absent, text that is not a date is passed on so the schema names the field. */
export function fromLocalInput(local: string): string | undefined {
  if (!local.trim()) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}
