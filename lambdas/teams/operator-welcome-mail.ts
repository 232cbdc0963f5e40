import type { Language } from '../../shared/api/calls/teams';
import { TRIAL_DAYS } from '../../shared/constants';
import { platformConfig } from '../platform/config';
import { mailText } from '../core/mail/mail-texts';
import { sendMail } from '../core/mail/send-mail';

/** The new operator's welcome mail, in the language they registered in. */
export async function sendOperatorWelcome(to: { teamId: string; email: string; name: string; siteName: string; language: Language }) {
  const values = { name: to.name, siteName: to.siteName, email: to.email, trialDays: TRIAL_DAYS, loginUrl: `${platformConfig().appOrigin}/login` };
  return sendMail({ to: to.email, teamId: to.teamId, ...mailText(to.language, 'operatorWelcome', values) });
}
