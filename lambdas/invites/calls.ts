import {
  createCustomFieldCall,
  deleteCustomFieldCall,
  listCustomFieldsCall,
  updateCustomFieldCall,
} from '../../shared/api/calls/custom-fields';
import {
  approveUsersCall,
  createInviteCall,
  deleteInviteCall,
  getInviteCall,
  getPublicInviteCall,
  joinCall,
  listInvitedUsersCall,
  listInviteMailLogsCall,
  listInvitesCall,
  listPendingUsersCall,
  rejectUsersCall,
  sendInviteMailCall,
  updateInviteCall,
} from '../../shared/api/calls/invites';
import { sendVerificationMail } from '../core/access/email-verification';
import { implement, teamOf } from '../core/http/implement';
import { emitMemberEvent } from '../core/events/domain-events';
import { decideMembers } from './approval';
import { listCustomFields } from '../core/entities/custom-field';
import { getPublicInvite, joinByInvite } from './join';
import { createCustomField, deleteCustomField, updateCustomField } from './manage-custom-fields';
import {
  createInvite,
  deleteInvite,
  getTeamInvite,
  listInvitedUsers,
  listInviteMailLogs,
  listTeamInvites,
  listTeamPendingUsers,
  sendInviteMails,
  updateInvite,
} from './manage-invites';

export const invitesCalls = [
  implement(listInvitesCall, async ({ cursor }, ctx) => listTeamInvites(teamOf(ctx).teamId, cursor)),

  implement(getInviteCall, async ({ inviteId }, ctx) => getTeamInvite(teamOf(ctx).teamId, inviteId)),

  implement(createInviteCall, async (input, ctx) => ({ inviteId: await createInvite(teamOf(ctx).teamId, input) })),

  implement(updateInviteCall, async (input, ctx) => {
    await updateInvite(teamOf(ctx).teamId, input);
    return {};
  }),

  implement(deleteInviteCall, async ({ inviteId }, ctx) => {
    await deleteInvite(teamOf(ctx).teamId, inviteId);
    return {};
  }),

  implement(listInvitedUsersCall, async (input, ctx) => listInvitedUsers(teamOf(ctx).teamId, input)),

  implement(listPendingUsersCall, async ({ cursor }, ctx) => listTeamPendingUsers(teamOf(ctx).teamId, cursor)),

  implement(approveUsersCall, async (input, ctx) => {
    const { teamId } = teamOf(ctx);
    // SPEC §3 auto mail "approval": decideMembers hands over only the members this call moved out of pending,
    // so each approval happens once; its reactions never fail the approval or the rest of the batch.
    return decideMembers(teamId, input, 'approved', (user) =>
      emitMemberEvent({ teamId, type: 'approval', userId: user.userId, objectIds: user.inviteId ? [user.inviteId] : [] }),
    );
  }),

  implement(rejectUsersCall, async (input, ctx) => decideMembers(teamOf(ctx).teamId, input, 'rejected', async () => {})),

  implement(sendInviteMailCall, async (input, ctx) => {
    const { teamId, userId } = teamOf(ctx);
    return { sent: await sendInviteMails(teamId, userId, input) };
  }),

  implement(listInviteMailLogsCall, async ({ cursor }, ctx) => listInviteMailLogs(teamOf(ctx).teamId, cursor)),

  implement(getPublicInviteCall, async ({ inviteId, kind }) => getPublicInvite(inviteId, kind)),

  implement(joinCall, async (input, ctx) => {
    const result = await joinByInvite(input);
    ctx.logger.info('joined by invitation', { teamId: result.teamId, role: result.role });
    if (!result.emailVerified) {
      try {
        await sendVerificationMail({
          teamId: result.teamId,
          userId: result.userId,
          email: input.email,
          language: input.language,
          // Only a same-site path is kept (the verification mail checks it).
          redirectPath: input.redirectPath,
        });
      } catch (e) {
        // The member exists; /unverified_email/:teamId offers to send the link again.
        ctx.logger.error('verification mail failed', { teamId: result.teamId, error: e as Error });
      }
    }
    return result;
  }),

  implement(listCustomFieldsCall, async (_input, ctx) => ({ items: await listCustomFields(teamOf(ctx).teamId) })),

  implement(createCustomFieldCall, async (input, ctx) => ({ fieldId: await createCustomField(teamOf(ctx).teamId, input) })),

  implement(updateCustomFieldCall, async ({ fieldId, ...values }, ctx) => {
    await updateCustomField(teamOf(ctx).teamId, fieldId, values);
    return {};
  }),

  implement(deleteCustomFieldCall, async ({ fieldId }, ctx) => {
    await deleteCustomField(teamOf(ctx).teamId, fieldId);
    return {};
  }),
];
