import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { requiredText } from '../../rules/account';

/** SPEC §3 user notification keys. */
export const notificationKeys = [
  'registered',
  'firstSubscriptionPayment',
  'paymentUser',
  'videoEncodeFinished',
  'videoCommented',
  'videoReplyCommented',
  'videoEnqueteAnswered',
  'liveEnqueteAnswered',
  'userSubscriptionRemoved',
  'userAccountDeleted',
] as const;
export type NotificationKey = (typeof notificationKeys)[number];

import { managerPermissions, type ManagerPermission } from '../../permissions';

const membersCall = callsOf('members');

/** SPEC §2 /admin/user tabs. */
export const memberTabs = ['member', 'customer', 'manager'] as const;
export type MemberTab = (typeof memberTabs)[number];

export const notificationsSchema = z.partialRecord(z.enum(notificationKeys), z.boolean());

/** Phone is optional on a member (SPEC §3): empty means none. */
const optionalPhone = z.string().check(
  z.trim(),
  z.maxLength(30, 'validation/too_long'),
  z.refine((p) => p === '' || (/^\+?[0-9()\- ]{6,29}$/.test(p) && /[0-9]{2,}/.test(p.replace(/[^0-9]/g, ''))), 'validation/invalid_phone'),
);

/** The account's valid-until instant (ISO-8601), or null for "no expiration". */
const expirationSchema = z.nullable(z.iso.datetime({ offset: true, error: 'validation/invalid_date' }));

const customFieldValue = z.union([
  z.string().check(z.maxLength(1000, 'validation/too_long')),
  z.number(),
  z.boolean(),
  z.array(z.string().check(z.maxLength(200))),
]);

/**
 * SPEC §4 member states as one value, derived on the server (`memberStateOf`, lambdas/core/entities/team-user.ts):
 * invited (the account exists, e.g. imported, but no password was set yet), waiting for approval, enabled, disabled.
 * An account past its expiry is shown beside the state (`expired`).
 */
export const memberStates = ['invited', 'waitingApproval', 'enabled', 'disabled'] as const;
export type MemberState = (typeof memberStates)[number];

export interface MemberRow {
  userId: string;
  /** The one state the lists and the edit page show. */
  state: MemberState;
  /** The account's expiry has passed (shown beside the state). */
  expired: boolean;
  name: string;
  email: string;
  tab: MemberTab;
  disabled: boolean;
  createdAt: string;
  expiresAt?: string;
  groupIds: string[];
  emailVerified?: boolean;
  approval?: 'pending' | 'approved' | 'rejected';
}

export interface MemberDetail extends MemberRow {
  phone?: string;
  /** SPEC §3 password-change prompt: the member must set a new password at their next login. */
  mustChangePassword: boolean;
  /** SPEC §3 payment-provider customer id (Stripe, on the team's connected account), once the member has bought. */
  paymentCustomerId?: string;
  customFields: Record<string, string | number | boolean | string[]>;
  notifications: Partial<Record<NotificationKey, boolean>>;
  managerOf: Record<string, ManagerPermission[]>;
}

export const memberListInput = z.object({
  tab: z._default(z.enum(memberTabs, { error: 'validation/invalid_value' }), 'member'),
  /** SPEC §9 sort options that apply: join date (newest / oldest first) and name. */
  sort: z._default(z.enum(['created', 'name'], { error: 'validation/invalid_value' }), 'created'),
  order: z._default(z.enum(['asc', 'desc'], { error: 'validation/invalid_value' }), 'desc'),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'validation/too_long'))),
  ...pageInput(20),
});

/** SPEC §2 /admin/user: one page of a tab (one Query whatever the team size). */
export const memberListCall = membersCall<typeof memberListInput, Page<MemberRow>>()('/member/list', 'admin.users', memberListInput);

export const memberGetInput = z.object({ userId: idSchema });
export const memberGetCall = membersCall<typeof memberGetInput, { member: MemberDetail }>()('/member/get', 'admin.users', memberGetInput);

export const memberUpdateInput = z.object({
  userId: idSchema,
  name: requiredText(100),
  phone: z._default(optionalPhone, ''),
  groupIds: z._default(z.array(idSchema).check(z.maxLength(40, 'validation/invalid_value')), []),
  disabled: z.boolean(),
  expiresAt: z._default(expirationSchema, null),
  customFields: z._default(z.record(z.string().check(z.maxLength(64)), customFieldValue), {}),
  notifications: z._default(notificationsSchema, {}),
  /** SPEC §3 password-change prompt; absent: left as it is. */
  mustChangePassword: z.optional(z.boolean({ error: 'validation/invalid_value' })),
  /** groupId -> permissions; a member with any entry is a manager (SPEC §3 role tab). */
  managerOf: z._default(z.record(idSchema, z.array(z.enum(managerPermissions, { error: 'validation/invalid_value' }))), {}),
});

/** SPEC §2 /admin/user/:userId/edit. */
export const memberUpdateCall = membersCall<typeof memberUpdateInput, { member: MemberDetail }>()('/member/update', 'admin.users', memberUpdateInput);

export const memberSetDisabledInput = z.object({ userId: idSchema, disabled: z.boolean() });
/** Enable / disable in this team only (a person may be in several teams). */
export const memberSetDisabledCall = membersCall<typeof memberSetDisabledInput, { member: MemberRow }>()('/member/set_disabled', 'admin.users', memberSetDisabledInput);

export const memberDeleteInput = z.object({
  userIds: z.array(idSchema).check(z.minLength(1, 'validation/required'), z.maxLength(50, 'validation/invalid_value')),
  /** SPEC §5: a bulk delete (more than one) needs the number of items typed. */
  typedCount: z.optional(z.string().check(z.maxLength(20))),
});

/** Removes members from this team (record, identity link, group memberships with their counts). */
export const memberDeleteCall = membersCall<typeof memberDeleteInput, { deleted: number }>()('/member/delete', 'admin.users', memberDeleteInput);

export const groupMembersInput = z.object({ groupId: idSchema, ...pageInput(20) });

/**
 * The members of a group: user managers, and group managers holding `read` on that group (SPEC §6).
 * Members call it too: `manager.read` admits any team member and the handler authorizes the group.
 */
export const groupMembersCall = membersCall<typeof groupMembersInput, Page<MemberRow>>()('/group/members', 'manager.read', groupMembersInput);

export const groupMemberUpdateInput = z.object({
  groupId: idSchema,
  userId: idSchema,
  name: requiredText(100),
  phone: z._default(optionalPhone, ''),
});

/** A group manager holding `edit` on the group edits one of its members (user managers may too). */
export const groupMemberUpdateCall = membersCall<typeof groupMemberUpdateInput, { member: MemberRow }>()('/group/member/update', 'manager.edit', groupMemberUpdateInput);

export const memberResendInvitationInput = z.object({ userId: idSchema });

/**
 * Mails an invited member (state `invited`) a fresh link to set their password, as the import's mail did; other
 * states answer 409 `member/not_invited`; a second resend within a minute answers 429 `common/too_many_requests`.
 */
export const memberResendInvitationCall = membersCall<typeof memberResendInvitationInput, { member: MemberRow; sentAt: string }>()(
  '/member/resend_invitation',
  'admin.users',
  memberResendInvitationInput,
);
