import { enqueteGetCall, enqueteListCall } from '../../../shared/api/calls/enquete';
import { testGetCall, testListCall } from '../../../shared/api/calls/test-quizzes';
import { callApi } from './api';
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

/**
 * Surveys by title (the list's `query`, width, case and kana folded on the server), for every picker that links one:
 * a video's or a live's survey, the registration survey. An administrator without the analyst category cannot list
 * or read surveys: the picker then shows its error text.
 */
export const surveyPickerSource: ItemSource = {
  kind: 'survey',
  search: async (text) => (await callApi(enqueteListCall, { query: text, limit: 20 })).items.map((s) => ({ id: s.enqueteId, title: s.title })),
  resolve: (ids) => resolveEach(ids, async (enqueteId) => ({ id: enqueteId, title: (await callApi(enqueteGetCall, { enqueteId })).enquete.title })),
};

/** Tests by title, as surveys. */
export const testPickerSource: ItemSource = {
  kind: 'test',
  search: async (text) => (await callApi(testListCall, { query: text, limit: 20 })).items.map((t) => ({ id: t.testId, title: t.title })),
  resolve: (ids) => resolveEach(ids, async (testId) => ({ id: testId, title: (await callApi(testGetCall, { testId })).test.title })),
};
