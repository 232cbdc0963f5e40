import { getAdminContextCall, registerOperatorCall } from '../../shared/api/calls/teams';
import { implement, teamOf } from '../core/http/implement';
import { teamGate } from '../../shared/plans';
import { registerOperator, trialDaysRemaining } from './register-operator';
import { sendOperatorWelcome } from './operator-welcome-mail';
import { noteUiLanguage } from '../core/access/ui-language';

export const teamsCalls = [
  implement(registerOperatorCall, async (input, ctx) => {
    const out = await registerOperator(input);
    ctx.logger.info('operator registered', { teamId: out.teamId });
    try {
      await sendOperatorWelcome({ ...input, teamId: out.teamId });
    } catch (e) {
      // The account exists and works; a lost welcome mail must not turn the sign-up into an error.
      ctx.logger.error('welcome mail failed', { teamId: out.teamId, error: e as Error });
    }
    return out;
  }),

  implement(getAdminContextCall, async ({ language }, ctx) => {
    const { teamId, userId, categories, adminLevel, user: admin, team } = teamOf(ctx);
    await noteUiLanguage(admin, language, ctx);
    const gate = teamGate(team, new Date());
    return {
      team: {
        teamId,
        siteName: team.siteName,
        companyName: team.companyName,
        plan: team.plan,
        language: team.language,
        trialEndsAt: team.trialEndsAt,
        trialDaysRemaining: trialDaysRemaining(team.trialEndsAt),
        uploadQuotaBytes: team.uploadQuotaBytes,
        ...(team.planSubscription ? { subscriptionStatus: team.planSubscription.status } : {}),
        ...(gate ? { gate } : {}),
      },
      admin: { userId, name: admin.name, email: admin.email, level: adminLevel ?? 'normal', categories: [...categories] },
    };
  }),
];
