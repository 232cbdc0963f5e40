/**
 * SPEC §2: the catalog (/catalog/:teamId…) mirrors the member area (/user/:teamId…), so a page a visitor is
 * on converts to the page a member would see, and back. Only pages that exist in both areas convert; any
 * other path answers undefined. Segments are kept as they are (still URL-encoded), as are query and hash.
 */

/** The pages after `/:teamId` both areas have; `*` is one path segment, `a|b` one of the words. */
const mirroredPages = [
  '',
  'videos|pdfs|lives|playlists|articles/categories|tags',
  'videos|lives/creators',
  'videos/popular',
  'videos/search',
  'videos/search/*',
  'videos|pdfs|lives|playlists|events|articles/newer',
  // Combined lists by type, optionally limited to one category, tag or creator.
  'videos|pdfs|lives|playlists|events|articles',
  'videos|pdfs|lives|playlists|events|articles/category|tag|creator/*',
  'video|pdf|live|article/*',
  'creator/*',
  'event|playlist/*',
  'event|playlist/*/*',
  'event/live/*/*',
  // An event's contents opened through it (the catalog shows each as its own page, with the way back to the event).
  'event/*/*/item_select',
  'event/pdf|live/*/*/item_select',
  // SPEC §2 not-found pages for a product and a price.
  'not_found/product|price',
].map((pattern) => (pattern ? pattern.split('/').map((part) => (part === '*' ? undefined : part.split('|'))) : []));

const isMirrored = (segments: string[]): boolean =>
  mirroredPages.some(
    (pattern) =>
      pattern.length === segments.length && pattern.every((words, i) => segments[i] !== '' && (words === undefined || words.includes(segments[i]))),
  );

function convert(path: string, from: string, to: string): string | undefined {
  const suffixAt = path.search(/[?#]/);
  const pathname = suffixAt < 0 ? path : path.slice(0, suffixAt);
  const suffix = suffixAt < 0 ? '' : path.slice(suffixAt);
  const prefix = `/${from}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const [teamId, ...rest] = pathname.slice(prefix.length).split('/');
  if (!teamId) return undefined;
  // A trailing slash is the same page.
  const page = rest.length > 0 && rest[rest.length - 1] === '' ? rest.slice(0, -1) : rest;
  if (!isMirrored(page)) return undefined;
  return `/${to}/${pathname.slice(prefix.length)}${suffix}`;
}

/** `/catalog/:teamId/video/:id?t=30` -> `/user/:teamId/video/:id?t=30`; undefined for any other path. */
export const catalogToMemberPath = (path: string): string | undefined => convert(path, 'catalog', 'user');

/** `/user/:teamId/videos/popular` -> `/catalog/:teamId/videos/popular`; undefined for a member-only page or any other path. */
export const memberToCatalogPath = (path: string): string | undefined => convert(path, 'user', 'catalog');
