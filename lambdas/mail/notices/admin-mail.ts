import type { NotificationKey } from '../../../shared/api/calls/members';
import { heldCategories, type AdminCategory } from '../../../shared/permissions';
import type { Language } from '../../../shared/constants';
import { mailText, type MailTextKey } from '../../core/mail/mail-texts';
import { readerLanguage } from '../../core/mail/reader-language';
import { sendMail } from '../../core/mail/send-mail';
import type { Team } from '../../core/entities/team';
import { listTeamUsers } from '../../core/entities/team-user';

const ADMIN_PAGE = 100;

/**
 * Mails a notice to each administrator who handles it: those holding `category` (analyst for members' feedback,
 * payingManager for payments), unless they turned `setting` off (a missing setting counts as on). Each gets it in their
 * own language (lambdas/core/mail/reader-language.ts). `values` fill the mail text (a function of the reader's
 * language when a value is written per language, an amount); each administrator's own name goes in as `name`.
 */
export async function mailAdmins(
  team: Team,
  category: AdminCategory,
  setting: NotificationKey,
  text: MailTextKey,
  values: Record<string, string> | ((language: Language) => Record<string, string>),
): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await listTeamUsers(team.teamId, 'admin', { sort: 'created', order: 'asc', limit: ADMIN_PAGE, cursor });
    for (const admin of page.users) {
      if (admin.role !== 'admin' || admin.disabled || admin.notifications?.[setting] === false) continue;
      if (!heldCategories({ adminLevel: admin.adminLevel, categories: admin.categories }).includes(category)) continue;
      const language = readerLanguage(admin, team);
      const filled = typeof values === 'function' ? values(language) : values;
      await sendMail({ to: admin.email, teamId: team.teamId, ...mailText(language, text, { ...filled, name: admin.name }) });
    }
    cursor = page.nextCursor;
  } while (cursor);
}
