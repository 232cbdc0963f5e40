import type { MemberNotice, MemberNoticeEvent, MemberNoticeRow } from '../../shared/api/calls/member-notices';
import type { Page } from '../../shared/api/page';
import { listNotices } from '../core/entities/notice';
import { getTeamUsers } from '../core/entities/team-user';

/** Reads of the notices' partition one page may take while the caller's events are sparse in it. */
export const MAX_READS_PER_PAGE = 5;

/**
 * The team's notices of members, newest first, keeping only `events` (the ones the reader's categories cover). Each
 * read asks only for what the page still lacks, so every notice read is either answered or left out and the cursor of
 * the last read continues exactly after it; after `MAX_READS_PER_PAGE` reads the page may be short (even empty) while
 * `nextCursor` continues. Each row tells whether its member is still in the team.
 */
export async function listMemberNotices(
  teamId: string,
  events: readonly MemberNoticeEvent[],
  opts: { cursor?: string; limit: number },
): Promise<Page<MemberNoticeRow>> {
  const items: MemberNotice[] = [];
  let cursor = opts.cursor;
  for (let read = 0; read < MAX_READS_PER_PAGE && items.length < opts.limit; read++) {
    const page = await listNotices<MemberNotice>(teamId, 'member', { cursor, limit: opts.limit - items.length });
    items.push(...page.items.filter((n) => events.includes(n.event)));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  const present = new Set((await getTeamUsers(teamId, [...new Set(items.map((n) => n.userId))])).map((u) => u.userId));
  return { items: items.map((n) => ({ ...n, memberExists: present.has(n.userId) })), ...(cursor ? { nextCursor: cursor } : {}) };
}
