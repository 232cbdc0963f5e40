import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { adminCategories, type AdminCategory } from '../../permissions';
import { emailSchema, passwordSchema, phoneSchema } from '../../rules/account';
import { inviteSchema } from '../../rules/invite';
import { code, invalidValue } from '../../rules/issues';
import { languages } from '../../constants';
import type { CustomField } from './custom-fields';
import { passwordConfirmationCheck, passwordsMatch } from '../../rules/password';

const invitesCall = callsOf('invites');

/** SPEC §2: /join/user/:inviteId registers a member, /join/admin/:inviteId an administrator. */
export const inviteKinds = ['user', 'admin'] as const;
export type InviteKind = (typeof inviteKinds)[number];

/** Whether the join form asks for a field, and whether it must be filled. */
export const inviteFieldModes = ['hidden', 'optional', 'required'] as const;
export type InviteFieldMode = (typeof inviteFieldModes)[number];

/** Largest number of e-mail addresses one "send the invite link" call takes. */
export const INVITE_MAIL_MAX_RECIPIENTS = 50;
/** Largest selection one approve or reject call takes (the "all" form has no limit). */
export const APPROVAL_MAX_SELECTION = 100;

/** SPEC §3 Invitation, as administrators see it. */
export interface Invite {
  inviteId: string;
  kind: InviteKind;
  title: string;
  /** null = unlimited. */
  maxRegistrations: number | null;
  registeredCount: number;
  /** Members of this invitation still awaiting approval; while above 0 it cannot be deleted. */
  pendingCount: number;
  /** ISO time; the last moment the invitation can be used. */
  deadline?: string;
  /** ISO time until which the accounts it creates stay valid. */
  validUntil?: string;
  /** Account valid period in days after joining; null = no limit. */
  validDays: number | null;
  groupIds: string[];
  approvalRequired: boolean;
  /** Administrator categories given by an admin invitation. */
  categories: AdminCategory[];
  nameField: InviteFieldMode;
  phoneField: InviteFieldMode;
  /** Custom fields the join form asks (each keeps its own required flag). */
  customFieldIds: string[];
  /** Fill the join form from the link's query (`?name=…&email=…&phone=…&<fieldId>=…`). */
  prefillFromQuery: boolean;
  comment?: string;
  createdAt: string;
  updatedAt?: string;
}

const fieldMode = (fallback: InviteFieldMode) => z._default(z.enum(inviteFieldModes, invalidValue), fallback);

/** The invitation form: SPEC §5 rules from shared/rules/invite.ts plus what the join form asks. */
export const inviteFormSchema = (opts: { now?: () => Date } = {}) =>
  z.safeExtend(inviteSchema(opts), {
    validDays: z._default(
      z.nullable(
        z
          .number(invalidValue)
          .check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.positive(code('validation/valid_days_not_positive'))),
      ),
      null,
    ),
    categories: z._default(z.array(z.enum(adminCategories, invalidValue), invalidValue), []),
    nameField: fieldMode('required'),
    phoneField: fieldMode('hidden'),
    customFieldIds: z._default(z.array(idSchema, invalidValue), []),
    prefillFromQuery: z._default(z.boolean(invalidValue), false),
  });
export type InviteFormInput = z.input<ReturnType<typeof inviteFormSchema>>;

export const createInviteInput = z.safeExtend(inviteFormSchema(), { kind: z._default(z.enum(inviteKinds, invalidValue), 'user') }).check(
  z.refine((v) => v.kind !== 'admin' || v.categories.length > 0, {
    path: ['categories'],
    message: code('validation/required'),
  }),
);

/** SPEC §2 /admin/invite/create. Invitations are user management (SPEC §6 user manager). */
export const createInviteCall = invitesCall<typeof createInviteInput, { inviteId: string }>()('/invite/create', 'admin.users', createInviteInput);

export const updateInviteInput = z.safeExtend(inviteFormSchema(), { inviteId: idSchema });

/** SPEC §2 /admin/invite/:inviteId/edit; the kind of an invitation stays as created. */
export const updateInviteCall = invitesCall<typeof updateInviteInput, Record<string, never>>()('/invite/update', 'admin.users', updateInviteInput);

const inviteIdInput = z.object({ inviteId: idSchema }, invalidValue);

export const getInviteCall = invitesCall<typeof inviteIdInput, Invite>()('/invite/get', 'admin.users', inviteIdInput);

/** Refused with `deletion/invite_has_pending_users` while members await approval (SPEC §8). */
export const deleteInviteCall = invitesCall<typeof inviteIdInput, Record<string, never>>()('/invite/delete', 'admin.users', inviteIdInput);

/** Invitation lists answer fixed-size pages: only the cursor is taken. */
const cursorInput = { cursor: pageInput().cursor };

const listInvitesInput = z.object(cursorInput, invalidValue);

/** SPEC §2 /admin/invite: newest first. */
export const listInvitesCall = invitesCall<typeof listInvitesInput, Page<Invite>>()('/invite/list', 'admin.users', listInvitesInput);

/** A person who joined through an invitation. */
export interface InvitedUser {
  userId: string;
  inviteId: string;
  inviteTitle: string;
  email: string;
  name: string;
  joinedAt: string;
  approval?: 'pending' | 'approved' | 'rejected';
}

const listInvitedUsersInput = z.object(
  { inviteId: idSchema, pendingOnly: z._default(z.boolean(invalidValue), false), ...cursorInput },
  invalidValue,
);

/** /admin/invite/:inviteId/invited_user and …/approval_pending_user (pendingOnly), newest first. */
export const listInvitedUsersCall = invitesCall<typeof listInvitedUsersInput, Page<InvitedUser>>()('/invite/list_users', 'admin.users', listInvitedUsersInput);

const listPendingUsersInput = z.object(cursorInput, invalidValue);

/** /admin/approval_pending_all_users: every invitation's members awaiting approval, oldest first. */
export const listPendingUsersCall = invitesCall<typeof listPendingUsersInput, Page<InvitedUser>>()('/invite/list_pending_users', 'admin.users', listPendingUsersInput);

/**
 * One by one (`userIds`) or all at once (`all: true`, optionally only one invitation's members).
 * Only members still awaiting approval are decided; the others are counted as skipped.
 */
export const approvalDecisionInput = z
  .object(
    {
      userIds: z.optional(z.array(idSchema, invalidValue).check(z.maxLength(APPROVAL_MAX_SELECTION, code('validation/invalid_value')))),
      all: z.optional(z.literal(true, invalidValue)),
      inviteId: z.optional(idSchema),
    },
    invalidValue,
  )
  .check(z.refine((v) => v.all === true || (v.userIds?.length ?? 0) > 0, { path: ['userIds'], message: code('validation/required') }));

export interface ApprovalOutcome {
  decided: number;
  skipped: number;
}

/** Approves members and sends each the SPEC auto mail "approval". */
export const approveUsersCall = invitesCall<typeof approvalDecisionInput, ApprovalOutcome>()('/invite/approve', 'admin.users', approvalDecisionInput);

/** Rejects members: they stay unable to use the site and their place counts no longer against the limit. */
export const rejectUsersCall = invitesCall<typeof approvalDecisionInput, ApprovalOutcome>()('/invite/reject', 'admin.users', approvalDecisionInput);

export const sendInviteMailInput = z.object(
  {
    inviteId: idSchema,
    emails: z
      .array(emailSchema, invalidValue)
      .check(
        z.minLength(1, code('validation/recipient_required')),
        z.maxLength(INVITE_MAIL_MAX_RECIPIENTS, code('validation/invalid_value')),
      ),
  },
  invalidValue,
);

/** Mails the invite link to each address in its reader's language (a person the team has at that address: theirs; else the team's); each is one message in the team's mail log. */
export const sendInviteMailCall = invitesCall<typeof sendInviteMailInput, { sent: number }>()('/invite/send_mail', 'admin.users', sendInviteMailInput);

export interface InviteMailLog {
  messageId: string;
  inviteId: string;
  inviteTitle: string;
  to: string;
  sentAt: string;
  /** The delivery status from the team's mail log (SPEC §3). */
  status?: 'processed' | 'deferred' | 'delivered' | 'bounce' | 'dropped';
}

const listInviteMailLogsInput = z.object(cursorInput, invalidValue);

/** SPEC §2 /admin/invite_email_log: invitation mails sent, newest first. */
export const listInviteMailLogsCall = invitesCall<typeof listInviteMailLogsInput, Page<InviteMailLog>>()('/invite/list_mail_logs', 'admin.users', listInviteMailLogsInput);

/** What the join page shows and asks. */
export interface PublicInvite {
  inviteId: string;
  kind: InviteKind;
  teamId: string;
  siteName: string;
  title: string;
  comment?: string;
  nameField: InviteFieldMode;
  phoneField: InviteFieldMode;
  customFields: Pick<CustomField, 'fieldId' | 'name' | 'type' | 'required' | 'options'>[];
  prefillFromQuery: boolean;
  approvalRequired: boolean;
  /** The team's complex-password setting, so the form checks the same rule as the server. */
  complexPassword: boolean;
}

const publicInviteInput = z.object({ inviteId: idSchema, kind: z.enum(inviteKinds, invalidValue) }, invalidValue);

/**
 * The join page's invitation. An unknown code (or one of the other kind) is `invite/not_found`, a passed
 * deadline `invite/expired`, a full one `invite/limit_reached`: /invalid_invite_code/:message shows them.
 */
export const getPublicInviteCall = invitesCall<typeof publicInviteInput, PublicInvite>()('/invite/get_public', 'public', publicInviteInput);

export const joinInput = z
  .object(
    {
      inviteId: idSchema,
      kind: z.enum(inviteKinds, invalidValue),
      email: emailSchema,
      // The team's complex-password rule is checked by the server once it knows the team.
      password: passwordSchema,
      passwordConfirmation: z.string({ error: code('validation/required') }).check(z.minLength(1, code('validation/required'))),
      name: z.optional(z.string(invalidValue).check(z.trim(), z.maxLength(100, code('validation/too_long')))),
      phone: z.optional(z.string(invalidValue).check(z.trim())),
      customFields: z._default(z.record(z.string(), z.unknown(), invalidValue), {}),
      language: z._default(z.enum(languages, invalidValue), 'ja'),
      redirectPath: z.optional(z.string(invalidValue).check(z.maxLength(2000, code('validation/too_long')))),
    },
    invalidValue,
  )
  .check(
    z.refine(passwordsMatch, passwordConfirmationCheck),
    z.refine((v) => !v.phone || phoneSchema.safeParse(v.phone).success, {
      path: ['phone'],
      message: code('validation/invalid_phone'),
    }),
  );
export type JoinInput = z.input<typeof joinInput>;

export interface JoinResult {
  teamId: string;
  userId: string;
  role: 'admin' | 'member';
  /** 'pending' sends the member to /unapproved/:teamId. */
  approval?: 'pending';
  /** false sends the member to /unverified_email/:teamId (the team checks e-mail addresses). */
  emailVerified: boolean;
  /** The e-mail already had an account (another team's): the password typed was that account's. */
  existingAccount: boolean;
}

/** /join/user/:inviteId and /join/admin/:inviteId. */
export const joinCall = invitesCall<typeof joinInput, JoinResult>()('/invite/join', 'public', joinInput);
