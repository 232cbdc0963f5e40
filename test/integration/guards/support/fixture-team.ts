import { expect } from 'vitest';
import { ulid } from 'ulid';
import { putObject } from '../../../../lambdas/platform/storage';
import { contentItemTypeCases } from '../../content/content-item-cases';
import { newPerson, type Caller } from '../../content/people';
import { readyVideo } from '../../content/ready-videos';
import { connectedTeam, newPrice, newProduct } from '../../payments/shop';
import { post } from '../../support/api';
import type { IdSource } from './call-inputs';

/**
 * Two teams built through the real API (people written straight into the table where the product's own tests
 * do so). Team A holds one of every entity a call takes an id of, each named with team A's marker so a body
 * revealing it is found; team B has its own super administrator and its own copies where a call needs one.
 */
export interface FixtureTeam {
  /** Text in every name and title of team A. */
  marker: string;
  admin: Caller;
  /** A member of team A in its group, who made the member-side items (comment, chat, saved item, test attempt). */
  member: Caller;
  /** Administrators of team A holding only one category. */
  designer: Caller;
  analyst: Caller;
  ids: Record<string, string>;
}

export interface Fixture {
  a: FixtureTeam;
  b: { admin: Caller; member: Caller; ids: Record<string, string> };
  /** Everything of team A a body must not reveal: ids, names, e-mails. */
  secrets: string[];
  /** The id mapping for call-inputs.ts, answering team A's ids. */
  idsOf: IdSource;
}

async function must<T = Record<string, unknown>>(path: string, who: Caller, body: Record<string, unknown>): Promise<T> {
  const res = await post<T>(path, { ...who.ctx, ...body }, who.token);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

/** A file stored where `/upload/file/start` puts one (`T/<teamId>/files/<kind>/<ulid>.<ext>`). */
async function storedFile(teamId: string, kind: string, ext: string, contentType: string): Promise<string> {
  const key = `T/${teamId}/files/${kind}/${ulid()}.${ext}`;
  await putObject({ bucket: 'media', key, body: Buffer.from('guard'), contentType });
  return key;
}

async function buildTeamA(): Promise<FixtureTeam> {
  const marker = `ALPHA${ulid().slice(-8)}`;
  const { admin } = await connectedTeam(`${marker} Site`);
  const teamId = admin.teamId;
  const ids: Record<string, string> = { teamId, adminUserId: admin.userId };

  // Settings that let members use chat and comments.
  const security = await must<Record<string, unknown>>('/settings/get_security', admin, {});
  await must('/settings/update_security', admin, { ...(security.settings as object ?? security), chatEnabled: true, commentsEnabled: true, contentCommentsEnabled: true });

  ids.groupId = (await must<{ group: { groupId: string } }>('/group/create', admin, { name: `${marker} group` })).group.groupId;
  const member = await newPerson(teamId, 'member');
  await must('/member/update', admin, { userId: member.userId, name: `${marker} member`, disabled: false, groupIds: [ids.groupId] });
  ids.memberUserId = member.userId;
  const designer = await newPerson(teamId, 'admin', ['designer']);
  const analyst = await newPerson(teamId, 'admin', ['analyst']);
  ids.designerUserId = designer.userId;
  ids.analystUserId = analyst.userId;

  ids.fieldId = (await must<{ fieldId: string }>('/custom_field/create', admin, { name: `${marker} field`, type: 'text' })).fieldId;
  ids.inviteId = (await must<{ inviteId: string }>('/invite/create', admin, { title: `${marker} invite`, maxRegistrations: null })).inviteId;
  for (const kind of ['category', 'creator', 'tag'])
    ids[kind] = (await must<{ id: string }>(`/${kind}/create`, admin, { name: `${marker} ${kind}` })).id;

  // The local Zoom fake accepts a client secret starting with `zoom-ok`.
  await must('/zoom/setting/save', admin, { accountId: 'guard-account', clientId: 'guard-client', clientSecret: 'zoom-ok-guard' });
  ids.thumbnailKey = await storedFile(teamId, 'thumbnail', 'jpg', 'image/jpeg');
  ids.designImageKey = await storedFile(teamId, 'designImage', 'png', 'image/png');
  ids.productImageKey = await storedFile(teamId, 'productImage', 'png', 'image/png');
  ids.attachmentKey = await storedFile(teamId, 'attachment', 'pdf', 'application/pdf');
  ids.enqueteId = (
    await must<{ enquete: { enqueteId: string } }>('/enquete/create', admin, { title: `${marker} survey`, questions: [{ title: 'Q', fieldName: 'q1', type: 'singleLine' }] })
  ).enquete.enqueteId;
  ids.testId = (
    await must<{ test: { testId: string } }>('/test/create', admin, {
      title: `${marker} test`,
      questions: [{ title: 'Q', fieldName: 'q1', type: 'radio', options: ['a', 'b'], correctAnswers: [0] }],
      passStandard: 1,
      retest: true,
    })
  ).test.testId;

  ids.video = await readyVideo(admin, { title: `${marker} video`, status: 'public' });
  for (const c of contentItemTypeCases) {
    const form = (await c.validForm(admin)) as { fields: Record<string, unknown> };
    // The playlist and the event hold the fixture's video; the live offers its survey.
    if (c.type === 'playlist') form.fields.videoIds = [ids.video];
    if (c.type === 'event') form.fields.contents = [{ type: 'video', id: ids.video }];
    if (c.type === 'live') form.fields.enqueteId = ids.enqueteId;
    ids[c.type] = (await must<{ id: string }>(`/${c.type}/create`, admin, { title: `${marker} ${c.type}`, status: 'public', ...form })).id;
  }
  ids.file = ((await must<{ id?: string; fileId?: string }>('/file/create', admin, { key: ids.attachmentKey, name: `${marker} file` })) as { id: string }).id;
  ids.newsId = (await must<{ news: { newsId: string } }>('/news/create', admin, { title: `${marker} news`, content: `${marker} news body` })).news.newsId;
  // Member-side items.
  ids.commentId = (await must<{ comment: { commentId: string } }>('/member_comment/create', member, { type: 'video', id: ids.video, body: `${marker} comment` })).comment.commentId;
  ids.conversationId = (await must<{ conversation: { conversationId: string } }>('/member_chat/start', member, {})).conversation.conversationId;
  await must('/member_chat/send', member, { conversationId: ids.conversationId, body: `${marker} chat message` });
  await must('/member_saved/add', member, { list: 'bookmark', type: 'video', id: ids.video });
  const attempt = await must<Record<string, unknown>>('/member_test/answer', member, { testId: ids.testId, answers: { q1: [0] } });
  ids.attemptId = String((attempt.attempt as { attemptId?: string } | undefined)?.attemptId ?? attempt.attemptId);

  // Mail.
  ids.sendEmailId = (
    await must<{ sendEmail: { sendEmailId: string } }>('/send_email/create', admin, {
      title: `${marker} mail`,
      subject: `${marker} subject`,
      body: 'Hello',
      recipients: { target: 'groups', groupIds: [ids.groupId] },
      sendAt: futureHour(24 * 20),
    })
  ).sendEmail.sendEmailId;
  ids.customMailTemplateId = (
    await must<{ template: { customMailTemplateId: string } }>('/custom_mail_template/create', admin, {
      title: `${marker} custom mail`,
      eventType: 'welcome',
      objectIds: [ids.inviteId],
      subject: `${marker} subject`,
      body: 'Welcome',
    })
  ).template.customMailTemplateId;
  ids.workflowId = (
    await must<{ workflow: { workflowId: string } }>('/workflow/create', admin, {
      title: `${marker} workflow`,
      eventType: 'welcome',
      waitDays: 1,
      targetIds: [ids.inviteId],
      actions: [{ type: 'joinGroups', groupIds: [ids.groupId] }],
    })
  ).workflow.workflowId;

  // Payments (team A's own Stripe account on the stand-in).
  const product = await newProduct(admin, { name: `${marker} product` });
  ids.productId = product.id;
  ids.priceId = (await newPrice(admin, product.id, { nickname: `${marker} price` })).id;
  ids.taxRateId = (await must<{ id: string }>('/stripe/save_tax_rate', admin, { displayName: `${marker} tax`, percentage: 10 })).id;
  ids.couponId = (await must<{ id: string }>('/stripe/create_coupon', admin, { name: `${marker} coupon`, discount: { type: 'percent', percentOff: 10 }, duration: 'once' })).id;
  const session = await must<{ url: string; sessionId?: string }>('/stripe/create_session', member, { price: ids.priceId, successPath: `/user/${teamId}`, cancelPath: `/user/${teamId}` });
  ids.sessionId = session.sessionId ?? new URL(session.url).pathname.split('/').pop()!;

  // A member import (the record is enough: its id is what /member_import/get takes).
  ids.importKey = `T/${teamId}/member-import/${ulid()}.csv`;

  return { marker, admin, member, designer, analyst, ids };
}

function futureHour(h: number) {
  const d = new Date(Date.now() + h * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}

export async function buildFixture(): Promise<Fixture> {
  const a = await buildTeamA();
  const { admin: bAdmin } = await connectedTeam('Bravo Site');
  const bMember = await newPerson(bAdmin.teamId, 'member');
  const b = { admin: bAdmin, member: bMember, ids: { teamId: bAdmin.teamId } };
  const secrets = [
    a.marker,
    ...Object.values(a.ids).filter((v) => v && v.length >= 8),
    a.admin.email,
    a.member.email,
    a.designer.email,
    a.analyst.email,
  ];
  return { a, b, secrets, idsOf: idSource(a) };
}

/** Content types whose `id` a call names by its area (`/pdf/get { id }`) or by a sibling `type`. */
const typedAreas = ['category', 'creator', 'tag', 'video', 'article', 'pdf', 'event', 'playlist', 'file', 'live'];

/** The mapping `id field -> fixture id`, the one table the suites read. */
export function idSource(a: FixtureTeam): IdSource {
  const i = a.ids;
  const byField: Record<string, unknown> = {
    teamId: i.teamId,
    inviteId: i.inviteId,
    userIds: [i.memberUserId],
    fieldId: i.fieldId,
    customFieldIds: [i.fieldId],
    groupId: i.groupId,
    groupIds: [i.groupId],
    videoId: i.video,
    videoIds: [i.video],
    introVideoId: i.video,
    nextVideoId: i.video,
    playlistId: i.playlist,
    eventId: i.event,
    liveId: i.live,
    categoryId: i.category,
    tagId: i.tag,
    tagIds: [i.tag],
    creatorId: i.creator,
    fileIds: [i.file],
    ids: [i.file],
    newsId: i.newsId,
    commentId: i.commentId,
    testId: i.testId,
    attemptId: i.attemptId,
    enqueteId: i.enqueteId,
    registrationEnqueteId: i.enqueteId,
    conversationId: i.conversationId,
    sendEmailId: i.sendEmailId,
    customMailTemplateId: i.customMailTemplateId,
    mailTemplateId: i.customMailTemplateId,
    workflowId: i.workflowId,
    objectIds: [i.inviteId],
    targetIds: [i.inviteId],
    importId: i.importKey.split('/').pop()!.replace('.csv', ''),
    fileKey: i.importKey,
    thumbnailKey: i.thumbnailKey,
    bannerKey: i.designImageKey,
    logoKey: i.designImageKey,
    faviconKey: i.designImageKey,
    imageKey: i.productImageKey,
    sampleKey: i.attachmentKey,
    key: i.attachmentKey,
    productId: i.productId,
    productIds: [i.productId],
    product: i.productId,
    priceIds: [i.priceId],
    price: i.priceId,
    coupon: i.couponId,
    taxRateId: i.taxRateId,
    sessionId: i.sessionId,
    // Stripe objects a member's purchase would make: ids of the right shape that are not team B's.
    subscription: 'sub_guardTeamA',
    invoice: 'in_guardTeamA',
    invoiceId: 'in_guardTeamA',
    paymentMethodId: 'pm_guardTeamA',
    uploadId: 'guard-upload-team-a',
    number: 1,
    versionNumber: 1,
    meetingId: '123 4567 8901',
  };
  return (field, path, siblings) => {
    const area = path.split('/')[1];
    if (field === 'userId') return path.startsWith('/administrator/') ? i.designerUserId : i.memberUserId;
    if (field === 'sourceId') return siblings.source === 'live' ? i.live : siblings.source === 'video' ? i.video : undefined;
    if (field === 'fileKey' && path.startsWith('/pdf/')) return i.attachmentKey;
    if (field === 'id' || (field === 'key' && area !== 'file')) {
      if (field === 'key') return path.startsWith('/settings/') ? i.designImageKey : i.attachmentKey;
      if (typeof siblings.type === 'string' && typedAreas.includes(siblings.type)) return i[siblings.type];
      if (typedAreas.includes(area)) return i[area];
      if (path === '/stripe/save_price') return i.priceId;
      if (path === '/stripe/save_product') return i.productId;
      if (path === '/stripe/save_tax_rate') return i.taxRateId;
      if (path === '/stripe/create_coupon') return i.couponId;
      return undefined;
    }
    return byField[field];
  };
}
