import * as z from 'zod/mini';
import { callsOf } from '../define';
import { emailSchema, passwordSchema, phoneSchema, requiredText } from '../../rules/account';
import type { AdminCategory } from '../../permissions';
import type { GateReason, PlanSubscriptionStatus } from '../../plans';

import { languages, type Language } from '../../constants';
import { passwordConfirmationCheck, passwordsMatch } from '../../rules/password';

const teamsCall = callsOf('teams');

export type { Language };

export const registerOperatorInput = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    passwordConfirmation: z.string({ error: 'validation/required' }).check(z.minLength(1, 'validation/required')),
    name: requiredText(100),
    companyName: requiredText(100),
    siteName: requiredText(100),
    phone: phoneSchema,
    agreeToTerms: z.literal(true, { error: 'validation/terms_required' }),
    language: z._default(z.enum(languages, { error: 'validation/invalid_value' }), 'ja'),
  })
  .check(z.refine(passwordsMatch, passwordConfirmationCheck));

/** SPEC §2 /register: a new operator, their team (trial) and its super administrator. */
export const registerOperatorCall = teamsCall<typeof registerOperatorInput, { teamId: string; userId: string }>()('/team/register', 'public', registerOperatorInput);

export interface AdminContext {
  team: {
    teamId: string;
    siteName: string;
    companyName: string;
    plan: 'trial' | 'basic' | 'pro' | 'business' | 'enterprise';
    language: Language;
    trialEndsAt: string;
    trialDaysRemaining: number;
    uploadQuotaBytes: number;
    /** The plan subscription's state (shared/plans.ts); absent before the first checkout. */
    subscriptionStatus?: PlanSubscriptionStatus;
    /** Set when the team is shut (SPEC §2 /entry): the web sends the administrator to the entry page. */
    gate?: GateReason;
  };
  admin: {
    userId: string;
    name: string;
    email: string;
    level: 'super' | 'normal';
    categories: AdminCategory[];
  };
}

const uiLanguageSchema = z.optional(z.enum(languages, { error: 'validation/invalid_value' }));

/**
 * The admin shell's header, greeting and trial banner. `language`: the UI language the shell runs in (recorded on
 * the administrator when it changed: their mails follow it when they chose none, issue 30).
 */
export const getAdminContextCall = teamsCall<z.ZodMiniObject<{ language: typeof uiLanguageSchema }>, AdminContext>()(
  '/team/get_admin_context',
  'admin.any',
  z.object({ language: uiLanguageSchema }),
);
