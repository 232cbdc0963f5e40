import { ruleOf, type CallDef } from '../../../shared/api/define';
import { entryPath } from '../../../shared/plans';

/**
 * SPEC §2 /entry: the server refuses a shut team's calls with `plan/not_subscribed` or `plan/unpaid`
 * (shared/plans.ts teamGate); the page making the call is left for the entry page of its reason, the admin one
 * for administrator calls and the team's for member calls. Answers the path to go to, or undefined.
 */
export function entryPathForError(def: Pick<CallDef, 'permission'>, code: string, teamId: string | undefined): string | undefined {
  const reason = code === 'plan/not_subscribed' ? 'not_subscribe' : code === 'plan/unpaid' ? 'unpaid' : undefined;
  if (!reason) return undefined;
  if (ruleOf(def).kind === 'admin') return entryPath(reason, { admin: true });
  return teamId ? entryPath(reason, { teamId }) : undefined;
}
