import type { Enquete, EnqueteAnswer } from '../../../shared/api/calls/enquete';
import { heldCategories } from '../../../shared/permissions';
import { sendMail } from '../../mail/send-mail';
import { mailText } from '../../mail/mail-texts';
import { addNotice, type NoticeBase } from '../../notices/notice';
import { platformConfig } from '../../platform/config';
import { getTeam } from '../../teams/team';
import { listTeamUsers } from '../../teams/team-user';

/** The in-app notice of a survey answered at a video's end or from a live (SPEC §3 videoEnqueteAnswered, liveEnqueteAnswered). */
export interface EnqueteAnswerNotification extends NoticeBase {
  enqueteId: string;
  enqueteTitle: string;
  sourceId: string;
  sourceTitle: string;
  userId: string;
  userName: string;
}

const ADMIN_PAGE = 100;

/**
 * A member answered: an in-app notice for the team, and a mail to each administrator who reads the answers (the
 * analyst category, as the `enquete` area needs) unless they turned the kind's notification off.
 */
export async function noticeEnqueteAnswer(
  teamId: string,
  told: { kind: 'video' | 'live'; enquete: Enquete; answer: EnqueteAnswer; sourceId: string; sourceTitle: string; noticeId: string },
): Promise<void> {
  const notice: EnqueteAnswerNotification = {
    notificationId: told.noticeId,
    createdAt: told.answer.answeredAt,
    enqueteId: told.enquete.enqueteId,
    enqueteTitle: told.enquete.title,
    sourceId: told.sourceId,
    sourceTitle: told.sourceTitle,
    userId: told.answer.userId,
    userName: told.answer.userName,
  };
  const video = told.kind === 'video';
  if (!(await addNotice(teamId, video ? 'videoEnqueteAnswer' : 'liveEnqueteAnswer', notice))) return;
  const team = await getTeam(teamId);
  if (!team) return;
  const setting = video ? 'videoEnqueteAnswered' : 'liveEnqueteAnswered';
  const values = {
    siteName: team.siteName,
    member: told.answer.userName,
    enquete: told.enquete.title,
    [video ? 'video' : 'live']: told.sourceTitle,
    url: `${platformConfig().appOrigin}/admin/enquete/${told.enquete.enqueteId}/answer`,
  };
  let cursor: string | undefined;
  do {
    const page = await listTeamUsers(teamId, 'admin', { sort: 'created', order: 'asc', limit: ADMIN_PAGE, cursor });
    for (const admin of page.users) {
      if (admin.role !== 'admin' || admin.disabled || admin.notifications?.[setting] === false) continue;
      if (!heldCategories({ adminLevel: admin.adminLevel, categories: admin.categories }).includes('analyst')) continue;
      await sendMail({ to: admin.email, teamId, ...mailText(team.language, `enquete.${setting}`, { ...values, name: admin.name }) });
    }
    cursor = page.nextCursor;
  } while (cursor);
}
