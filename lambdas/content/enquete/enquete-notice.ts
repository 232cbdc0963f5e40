import type { Enquete, EnqueteAnswer } from '../../../shared/api/calls/enquete';
import type { EnqueteAnswerNotice } from '../../../shared/api/calls/notices';
import { addNotice } from '../../core/entities/notice';

/**
 * A member answered a survey at a video's end or from a live (SPEC §3 videoEnqueteAnswered, liveEnqueteAnswered):
 * an in-app notice for the team's analyst administrators. Their mails are the mail domain's reaction to the notice.
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
  await addNotice(teamId, told.kind === 'video' ? 'videoEnqueteAnswer' : 'liveEnqueteAnswer', notice);
}
