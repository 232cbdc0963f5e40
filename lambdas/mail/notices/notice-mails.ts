import type { PaymentNotification } from '../../../shared/api/calls/payments';
import type { CommentNotice, EnqueteAnswerNotice, ReplyNotice } from '../../../shared/api/calls/notices';
import type { EncodeNotification } from '../../../shared/api/calls/uploads';
import { formatPriceAmount } from '../../../shared/money';
import type { MemberNotice, NoticeKind, NoticeStreamFields } from '../../core/entities/notice';
import { getTeam, type Team } from '../../core/entities/team';
import { getTeamUser } from '../../core/entities/team-user';
import { mailText } from '../../core/mail/mail-texts';
import { readerLanguage } from '../../core/mail/reader-language';
import { sendMail } from '../../core/mail/send-mail';
import { platformConfig } from '../../platform/config';
import { mailAdmins } from './admin-mail';
import { memberNoticeCategory } from './member-notices';

/**
 * The mails of an in-app notice another domain wrote (its item, as the table's stream delivers it): the mail domain's
 * reaction, each to the people SPEC §3 names and only if their notification setting is on (a missing one counts as on),
 * each in the reader's own language (lambdas/core/mail/reader-language.ts).
 */
export async function mailNotice(stream: NoticeStreamFields, notice: Record<string, unknown>): Promise<void> {
  const team = await getTeam(stream.teamId);
  if (!team) return;
  const mail = noticeMails[stream.kind];
  await mail(team, notice as never, stream);
}

const appUrl = (path: string) => `${platformConfig().appOrigin}${path}`;

const noticeMails: { [K in NoticeKind]: (team: Team, notice: never, stream: NoticeStreamFields) => Promise<void> } = {
  videoComment: (team, n: CommentNotice) =>
    mailAdmins(team, 'analyst', 'videoCommented', 'comments.videoCommented', {
      siteName: team.siteName,
      member: n.userName,
      title: n.contentTitle,
      comment: n.body,
      url: appUrl(`/admin/comment/${n.commentId}/reply`),
    }),
  videoEnqueteAnswer: (team, n: EnqueteAnswerNotice) => mailEnqueteAnswer(team, n, 'video'),
  liveEnqueteAnswer: (team, n: EnqueteAnswerNotice) => mailEnqueteAnswer(team, n, 'live'),
  commentReply: async (team, n: ReplyNotice, stream) => {
    const author = stream.userId ? await getTeamUser(team.teamId, stream.userId) : undefined;
    if (!author || author.disabled || author.notifications?.videoReplyCommented === false) return;
    await sendMail({
      to: author.email,
      teamId: team.teamId,
      ...mailText(readerLanguage(author, team), 'comments.videoReplyCommented', {
        siteName: team.siteName,
        name: author.name,
        title: n.contentTitle,
        reply: n.reply,
        // Every type's member page is /user/:teamId/<type>/:id (SPEC §2).
        url: appUrl(`/user/${team.teamId}/${n.contentType}/${n.contentId}`),
      }),
    });
  },
  payment: (team, n: PaymentNotification) => mailBillingAdmins(team, n),
  videoEncode: async (team, n: EncodeNotification, stream) => {
    const admin = stream.mailTo ? await getTeamUser(team.teamId, stream.mailTo) : undefined;
    if (!admin || admin.role !== 'admin' || admin.disabled || admin.notifications?.videoEncodeFinished === false) return;
    const values = { name: admin.name, siteName: team.siteName, title: n.title, version: n.versionNumber, url: appUrl(`/admin/video/${n.videoId}/edit`) };
    await sendMail({ to: admin.email, teamId: team.teamId, ...mailText(readerLanguage(admin, team), n.result === 'ready' ? 'videoEncodeFinished.ready' : 'videoEncodeFinished.failed', values) });
  },
  member: (team, n: MemberNotice) =>
    mailAdmins(team, memberNoticeCategory(n.event), n.event, `members.${n.event}`, {
      siteName: team.siteName,
      member: n.userEmail ? `${n.userName} <${n.userEmail}>` : n.userName,
      product: [n.productName, n.priceNickname].filter(Boolean).join(' / '),
      // A deleted member has no page left: the member list.
      url: appUrl(n.event === 'userAccountDeleted' ? '/admin/user' : n.event === 'userSubscriptionRemoved' ? `/admin/user/${n.userId}/paid_history/subscription` : `/admin/user/${n.userId}/edit`),
    }),
};

function mailEnqueteAnswer(team: Team, n: EnqueteAnswerNotice, kind: 'video' | 'live'): Promise<void> {
  const setting = kind === 'video' ? 'videoEnqueteAnswered' : 'liveEnqueteAnswered';
  return mailAdmins(team, 'analyst', setting, `enquete.${setting}`, {
    siteName: team.siteName,
    member: n.userName,
    enquete: n.enqueteTitle,
    [kind]: n.sourceTitle,
    url: appUrl(`/admin/enquete/${n.enqueteId}/answer`),
  });
}

/** SPEC §3 firstSubscriptionPayment and paymentUser: each administrator who manages billing, unless they turned the key off. */
async function mailBillingAdmins(team: Team, notice: PaymentNotification): Promise<void> {
  const member = await getTeamUser(team.teamId, notice.userId);
  // The amount is written the way each administrator's language writes it.
  await mailAdmins(team, 'payingManager', notice.event, `payments.${notice.event}`, (language) => ({
    siteName: team.siteName,
    member: member ? `${member.name} <${member.email}>` : notice.userId,
    product: notice.productName,
    price: notice.priceNickname,
    amount: formatPriceAmount(notice.amount, notice.currency, language === 'en' ? 'en-US' : 'ja-JP'),
    url: appUrl(`/admin/user/${notice.userId}/paid_history/${notice.kind === 'subscription' ? 'subscription' : 'one_time'}`),
  }));
}
