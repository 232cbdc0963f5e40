import { decodeTime } from 'ulid';
import { memberNoticePermission } from '../../../shared/api/calls/member-notices';
import { permissions, type AdminCategory } from '../../../shared/permissions';
import { addNotice, type MemberNotice } from '../../core/entities/notice';
import { listPurchases } from '../../core/entities/purchase';
import { getTeamUser } from '../../core/entities/team-user';
import type { DomainEventItem } from '../../core/events/domain-events';

/**
 * SPEC §3 notification keys registered, userSubscriptionRemoved and userAccountDeleted: the mail domain's reaction to
 * a member's event writes the administrators' in-app notice; its mails are the reaction to that notice
 * (notice-mails.ts), as for every other notice.
 */

/** Which member event each notice tells of: a registration through an invitation, a subscription's cancellation, an account the member deleted. */
export function memberNoticeEvent(event: Pick<DomainEventItem, 'name' | 'detail'>): MemberNotice['event'] | undefined {
  if (event.name === 'memberDeleted') return 'userAccountDeleted';
  if (event.name !== 'memberEvent') return undefined;
  const { type } = event.detail as DomainEventItem<'memberEvent'>['detail'];
  if (type === 'welcome') return 'registered';
  if (type === 'cancelSubscription') return 'userSubscriptionRemoved';
  return undefined;
}

/** Who is told: members' comings and goings are the member managers' (SPEC §6 userManager), a subscription's end the billing managers' (the permission the notice list reads them by). */
export const memberNoticeCategory = (event: MemberNotice['event']): AdminCategory => permissions[memberNoticePermission(event)].category;

/**
 * The notice's id and time are the event's (its ulid), so a redelivered event writes the same notice, which
 * `addNotice` writes once: the notice, and so its mails, are told once per event.
 */
export async function noticeMemberEvent(event: DomainEventItem): Promise<void> {
  const kind = memberNoticeEvent(event);
  if (!kind) return;
  const base = { notificationId: event.eventId, createdAt: new Date(decodeTime(event.eventId)).toISOString(), event: kind };
  if (event.name === 'memberDeleted') {
    const { userId, name, email } = (event as DomainEventItem<'memberDeleted'>).detail;
    await addNotice<MemberNotice>(event.teamId, 'member', { ...base, userId, userName: name, userEmail: email });
    return;
  }
  const { userId, objectIds } = (event as DomainEventItem<'memberEvent'>).detail;
  const member = await getTeamUser(event.teamId, userId);
  const notice: MemberNotice = { ...base, userId, userName: member?.name ?? '', userEmail: member?.email ?? '' };
  if (kind === 'userSubscriptionRemoved') {
    // objectIds of a purchase's event are [priceId, productId] (payments' purchase-sync).
    const purchase = (await listPurchases(event.teamId, userId)).find((p) => p.kind === 'subscription' && p.priceId === objectIds[0] && ['cancel_scheduled', 'canceled'].includes(p.state));
    if (purchase) Object.assign(notice, { productName: purchase.productName, priceNickname: purchase.priceNickname });
  }
  await addNotice<MemberNotice>(event.teamId, 'member', notice);
}
