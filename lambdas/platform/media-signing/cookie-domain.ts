/**
 * The parent domain the app and the media host share (`app.example.jp`, `media.example.jp` -> `example.jp`),
 * where the API's cookies must be set for the browser to send them to the media host; undefined when they
 * share none (then the cookies stay host-only).
 */
export function sharedParentDomain(appHost: string, mediaHost: string): string | undefined {
  const a = appHost.toLowerCase().split('.').reverse();
  const b = mediaHost.toLowerCase().split('.').reverse();
  const common: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) common.push(a[i]);
  return common.length >= 2 ? common.reverse().join('.') : undefined;
}
