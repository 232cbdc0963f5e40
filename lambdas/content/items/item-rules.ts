import type { ContentItemType } from '../../../shared/api/calls/content-items';
import { articleRules } from '../article/article-rules';
import { pdfRules } from '../pdf/pdf-rules';
import { eventRules } from '../event/event-rules';
import { liveRules } from '../live/live-rules';
import { playlistRules } from '../playlist/playlist-rules';
import type { ItemTypeRules } from './item-types';

/** Every content item type's rules (what differs by type), looked up by the shared calls and member views. */
const rulesByType: Partial<Record<ContentItemType, ItemTypeRules>> = {
  article: articleRules,
  pdf: pdfRules,
  event: eventRules,
  live: liveRules,
  playlist: playlistRules,
};

export function itemRulesOf(type: ContentItemType): ItemTypeRules {
  const rules = rulesByType[type];
  if (!rules) throw new Error(`No rules for content type ${type}`);
  return rules;
}
