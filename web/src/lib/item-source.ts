import { ApiError } from './api-error';

/** One choosable item: its id (what a form stores) and its title (what the operator reads). */
export interface PickerItem {
  id: string;
  title: string;
}

/** What `components/item-picker.tsx` searches and resolves; each feature builds its own in its `api.ts`. */
export interface ItemSource {
  /** A stable name for the SWR keys (e.g. 'survey'); two pickers of one kind share their results. */
  kind: string;
  /** The admin list of that kind, searched by title (an empty text: the newest). */
  search: (text: string) => Promise<PickerItem[]>;
  /** The titles of chosen ids (an id missing from the answer is shown as gone). */
  resolve: (ids: string[]) => Promise<PickerItem[]>;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * For a list whose call has no title search on the server (surveys, tests): the items of the page read whose title
 * contains `text`, width- and case-insensitive.
 */
export const matchingTitle = <T extends { title: string }>(items: readonly T[], text: string): T[] =>
  text ? items.filter((i) => fold(i.title).includes(fold(text))) : [...items];

/** Each chosen id read alone; one the team no longer has (404) is left out, so the picker shows it as gone. */
export async function resolveEach(ids: readonly string[], get: (id: string) => Promise<PickerItem>): Promise<PickerItem[]> {
  const found = await Promise.all(
    ids.map((id) =>
      get(id).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }),
    ),
  );
  return found.filter((i): i is PickerItem => i !== null);
}
