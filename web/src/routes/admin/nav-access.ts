import type { AdminCategory } from '../../../../shared/permissions';

/** What decides an admin menu entry's visibility (SPEC §6 categories). */
export interface NavAccess {
  /** Categories that may open the area; omitted = every administrator. */
  categories?: readonly AdminCategory[];
}

export interface AdminAccess {
  level: 'super' | 'normal';
  categories: readonly AdminCategory[];
}

/** Entries the administrator may open: super administrators hold every category. */
export function visibleEntries<E extends NavAccess>(entries: readonly E[], admin: AdminAccess): E[] {
  return entries.filter(
    (entry) =>
      !entry.categories || admin.level === 'super' || entry.categories.some((c) => admin.categories.includes(c)),
  );
}
