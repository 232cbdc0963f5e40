import type { Language } from '../../../shared/constants';
import type { CallContext } from '../http/implement';
import { noteLastLanguage, type TeamUser } from '../entities/team-user';

/**
 * Records the UI language a signed-in person's call says they use (issue 30: mails follow it when they chose none).
 * Never fails the call it rides on: a lost note only means the next sign-in records it.
 */
export async function noteUiLanguage(user: TeamUser, language: Language | undefined, ctx: Pick<CallContext, 'logger'>): Promise<void> {
  try {
    await noteLastLanguage(user, language);
  } catch (e) {
    ctx.logger.warn('last language not recorded', { teamId: user.teamId, error: e as Error });
  }
}
