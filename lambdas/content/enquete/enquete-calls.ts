import {
  enqueteAnswerListCall,
  enqueteCreateCall,
  enqueteDeleteCall,
  enqueteGetCall,
  enqueteListCall,
  enqueteUpdateCall,
  memberEnqueteAnswerCall,
  memberEnqueteGetCall,
} from '../../../shared/api/calls/enquete';
import { implement, teamOf, type CallContext, type CallImpl } from '../../core/http/implement';
import {
  answerEnquete,
  createEnquete,
  getEnqueteItem,
  listEnqueteAnswers,
  listEnqueteItems,
  memberEnquete,
  removeEnquete,
  updateEnquete,
  type Respondent,
} from './enquete-service';

const respondentOf = (ctx: CallContext): Respondent => {
  const team = teamOf(ctx);
  return { userId: team.userId, name: team.user.name, role: team.role, groupIds: team.user.groupIds ?? [] };
};

/** SPEC §2 /admin/enquete (list, create, :enqueteId/edit, :enqueteId/answer) and a member's answering. */
export const enqueteCalls: CallImpl[] = [
  implement(enqueteListCall, async ({ cursor, limit, query }, ctx) => listEnqueteItems(teamOf(ctx).teamId, { cursor, limit, query })),
  implement(enqueteGetCall, async ({ enqueteId }, ctx) => ({ enquete: await getEnqueteItem(teamOf(ctx).teamId, enqueteId) })),
  implement(enqueteCreateCall, async (form, ctx) => ({ enquete: await createEnquete(teamOf(ctx).teamId, form) })),
  implement(enqueteUpdateCall, async ({ enqueteId, version, ...form }, ctx) => ({
    enquete: await updateEnquete(teamOf(ctx).teamId, enqueteId, version, form),
  })),
  implement(enqueteDeleteCall, async ({ enqueteId }, ctx) => {
    await removeEnquete(teamOf(ctx).teamId, enqueteId);
    return {};
  }),
  implement(enqueteAnswerListCall, async ({ enqueteId, cursor, limit }, ctx) => listEnqueteAnswers(teamOf(ctx).teamId, enqueteId, { cursor, limit })),
  implement(memberEnqueteGetCall, async ({ source, sourceId }, ctx) => ({
    enquete: await memberEnquete(teamOf(ctx).teamId, respondentOf(ctx), source, sourceId),
  })),
  implement(memberEnqueteAnswerCall, async ({ source, sourceId, answers }, ctx) =>
    answerEnquete(teamOf(ctx).teamId, respondentOf(ctx), source, sourceId, answers),
  ),
];
