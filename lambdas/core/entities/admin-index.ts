import { normalizeSearchText } from './listing-entry';

/**
 * The operator's lists of every content type share one shape: the record carries its admin sort keys (created,
 * update date, title as search text) and a few title search rows (the whole title and each later word) make the
 * title search a prefix Query. Used by the video (video.ts) and every other content item (items/content-item.ts).
 */

/** Title search terms and the title sort key: normalised, at most 100 characters. */
export const searchText = (text: string): string => normalizeSearchText(text).slice(0, 100);

const MAX_SEARCH_TERMS = 8;
/** The whole title, then each later word (words split at spaces and Japanese/ASCII punctuation). */
export function titleSearchTerms(title: string): string[] {
  const words = title.normalize('NFKC').split(/[\s、。・「」『』（）()【】,.!?！？:：/-]+/).filter(Boolean);
  return [...new Set([searchText(title), ...words.slice(1).map(searchText)].filter(Boolean))].slice(0, MAX_SEARCH_TERMS);
}
