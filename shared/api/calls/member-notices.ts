import * as z from 'zod/mini';
import { may, type PermissionName, type Viewer } from '../../permissions';
import { invalidValue } from '../../rules/issues';
import { callsOf } from '../define';
import { pageInput, type Page } from '../page';

const membersCall = callsOf('members');

/**
 * SPEC §3 notification keys registered, userSubscriptionRemoved and userAccountDeleted: what happened to a member
 * that the team's administrators are told of, in-app and by mail (the mail domain writes the notice on the member's
 * event).
 */
export const memberNoticeEvents = ['registered', 'userSubscriptionRemoved', 'userAccountDeleted'] as const;
export type MemberNoticeEvent = (typeof memberNoticeEvents)[number];

export interface MemberNotice {
  notificationId: string;
  createdAt: string;
  event: MemberNoticeEvent;
  userId: string;
  /** The member's name and address when it happened (a deleted member's record is gone). */
  userName: string;
  userEmail: string;
  /** userSubscriptionRemoved: what the subscription was. */
  productName?: string;
  priceNickname?: string;
}

/** A notice as the list answers it: whether the member is still in the team (their page can be opened). */
export interface MemberNoticeRow extends MemberNotice {
  memberExists: boolean;
}

/**
 * Who is told of each event (SPEC §6): members' comings and goings are the user managers', a subscription's end the
 * paying managers'. The mail domain mails these administrators; the list shows each reader only these events.
 */
export const memberNoticePermission = (event: MemberNoticeEvent): Extract<PermissionName, 'admin.users' | 'admin.billing'> =>
  event === 'userSubscriptionRemoved' ? 'admin.billing' : 'admin.users';

/** The events a viewer may read (a super administrator: all; none for an administrator with neither category). */
export const readableMemberNoticeEvents = (viewer: Viewer): MemberNoticeEvent[] => memberNoticeEvents.filter((e) => may(viewer, memberNoticePermission(e)));

export const memberNoticeAdminListInput = z.object({ event: z.optional(z.enum(memberNoticeEvents, invalidValue)), ...pageInput(20, 50) }, invalidValue);
/**
 * The team's notices of members, newest first, only the events the caller's categories cover (`event` narrows to one;
 * an event the caller may not read is refused). A page may hold fewer than `limit` items while `nextCursor` continues.
 */
export const memberNoticeAdminListCall = membersCall<typeof memberNoticeAdminListInput, Page<MemberNoticeRow>>()(
  '/member/notification/list',
  'admin.memberNotices',
  memberNoticeAdminListInput,
);
