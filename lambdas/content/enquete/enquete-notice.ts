import type { Enquete, EnqueteAnswer } from '../../../shared/api/calls/enquete';
import type { EnqueteAnswerNotice } from '../../../shared/api/calls/notices';
import { mailAnalysts } from '../../notices/analyst-mail';
import { addNotice } from '../../notices/notice';
import { platformConfig } from '../../platform/config';
import { getTeam } from '../../teams/team';

/**
 * A member answered a survey at a video's end or from a live (SPEC §3 videoEnqueteAnswered, liveEnqueteAnswered):
 * an in-app notice for the team's analyst administrators, and a mail to each of them unless they turned the kind's
 * notification off.
 */
export async function noticeEnqueteAnswer(
  teamId: string,
  told: { kind: 'video' | 'live'; enquete: Enquete; answer: EnqueteAnswer; sourceId: string; sourceTitle: string; noticeId: string },
): Promise<void> {
  const notice: EnqueteAnswerNotice = {
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
  await mailAnalysts(team, setting, `enquete.${setting}`, {
    siteName: team.siteName,
    member: told.answer.userName,
    enquete: told.enquete.title,
    [video ? 'video' : 'live']: told.sourceTitle,
    url: `${platformConfig().appOrigin}/admin/enquete/${told.enquete.enqueteId}/answer`,
  });
}
