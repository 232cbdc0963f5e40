import type { Page } from '../../../shared/api/page';
import type { ViewLogCard } from '../../../shared/api/calls/view-log';
import type { ContentViewer } from '../../../shared/content-access';
import type { ContentType } from '../../../shared/content-types';
import type { CallContext } from '../../core/http/implement';
import { cardOf } from '../content-lists';
import { visibleCardSources } from '../member-card-sources';
import { listViewLog, putViewLogEntry } from './view-log';

/**
 * Records a member's view for their history. The history must never slow or fail the page that views: a failed
 * write is logged and the caller answers its page anyway.
 */
export async function recordView(ctx: CallContext, teamId: string, userId: string, type: ContentType, id: string, now: Date): Promise<void> {
  try {
    await putViewLogEntry(teamId, userId, type, id, now);
  } catch (error) {
    ctx.logger.error('view log not recorded', { type, id, error: error as Error });
  }
}

/** A page of the member's history, most recent first, leaving out what they can no longer see. */
export async function viewLogPage(
  teamId: string,
  userId: string,
  viewer: ContentViewer & { kind: 'member' },
  opts: { cursor?: string; limit: number },
  now: Date,
): Promise<Page<ViewLogCard>> {
  const page = await listViewLog(teamId, userId, opts);
  const sources = await visibleCardSources(teamId, page.items, viewer, now);
  const items = await Promise.all(
    page.items.flatMap((entry) => {
      const source = sources.get(`${entry.contentType}#${entry.id}`);
      return source ? [cardOf(source, now).then((card) => ({ ...card, viewedAt: entry.viewedAt }))] : [];
    }),
  );
  return { items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
