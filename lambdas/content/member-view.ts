import type { ViewEvent } from '../../shared/api/calls/member-videos';
import { getItem, updateItemReturningOld, type Item } from '../platform/db';
import { assertId, teamKey } from '../platform/keys';

/**
 * A member's viewing of one video (SPEC issue 4 "views are recorded"), one item per member and video:
 *   pk T#<teamId>#MEMBERVIEW#<userId>   sk V#<videoId>      (a member's history: one Query on pk)
 * `positionSeconds` is where to resume (0 once finished), `startCount` / `finishCount` count the starts and
 * finishes. Each event is one atomic UpdateItem (ADD), so concurrent tabs never lose a count.
 */
export interface MemberView {
  videoId: string;
  positionSeconds: number;
  startCount: number;
  finishCount: number;
  updatedAt: string;
}

type ViewItem = Item & MemberView;

const viewKey = (teamId: string, userId: string, videoId: string) => ({
  pk: teamKey(teamId, 'MEMBERVIEW', assertId(userId, 'userId')),
  sk: `V#${assertId(videoId, 'videoId')}`,
});

export async function getMemberView(teamId: string, userId: string, videoId: string): Promise<MemberView | undefined> {
  const item = await getItem<ViewItem>(viewKey(teamId, userId, videoId));
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...view } = item;
  return view;
}

/** Where a member resumes: their position, and whether they ever finished the video. */
export const resumeOf = (view: MemberView | undefined) => ({
  positionSeconds: view?.positionSeconds ?? 0,
  finished: (view?.finishCount ?? 0) > 0,
});

/** Longest gap between two view events counted as watching (the player reports about every 10 s). */
export const WATCH_GAP_MAX_SECONDS = 60;

/**
 * Records one view event; a finish puts the resume point back to the start. Also answers the seconds watched since
 * the member's previous event of this video (the forward move of the position, at most WATCH_GAP_MAX_SECONDS; 0 on
 * a start or a seek back), read from the same single UpdateItem (ALL_OLD), so analytics need no extra read.
 */
export async function recordViewEvent(
  teamId: string,
  userId: string,
  videoId: string,
  event: ViewEvent,
  positionSeconds: number,
  now: Date,
): Promise<MemberView & { watchedSeconds: number }> {
  const position = event === 'finish' ? 0 : Math.floor(positionSeconds);
  const started = event === 'start' ? 1 : 0;
  const finished = event === 'finish' ? 1 : 0;
  const updatedAt = now.toISOString();
  const old = await updateItemReturningOld<ViewItem>({
    key: viewKey(teamId, userId, videoId),
    set: { type: 'memberView', videoId, positionSeconds: position, updatedAt },
    add: { startCount: started, finishCount: finished },
  });
  const moved = Math.floor(positionSeconds) - (old?.positionSeconds ?? 0);
  const watchedSeconds = event === 'start' || moved <= 0 ? 0 : Math.min(moved, WATCH_GAP_MAX_SECONDS);
  return {
    videoId,
    positionSeconds: position,
    startCount: (old?.startCount ?? 0) + started,
    finishCount: (old?.finishCount ?? 0) + finished,
    updatedAt,
    watchedSeconds,
  };
}
