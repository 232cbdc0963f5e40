import { expect, type APIRequestContext } from '@playwright/test';
import { adminLoginCall, LOGIN_SESSION_HEADER, memberLoginCall } from '../../../shared/api/calls/auth';
import { createTagCall, listTagsCall } from '../../../shared/api/calls/categories';
import { commentListCall, memberCommentCreateCall } from '../../../shared/api/calls/comments';
import { enqueteCreateCall, enqueteListCall } from '../../../shared/api/calls/enquete';
import { groupCreateCall, groupListCall } from '../../../shared/api/calls/groups';
import { createInviteCall, listInvitesCall } from '../../../shared/api/calls/invites';
import { customMailTemplateCreateCall, customMailTemplateListCall, mailTemplateListCall } from '../../../shared/api/calls/mail-templates';
import { newsCreateCall, newsListCall } from '../../../shared/api/calls/news';
import { getPricesCall, getProductsCall, getTaxRatesCall } from '../../../shared/api/calls/payments';
import { sendEmailCreateCall, sendEmailListCall } from '../../../shared/api/calls/send-email';
import { memberTestAnswerCall, testAttemptListCall, testCreateCall, testListCall } from '../../../shared/api/calls/test-quizzes';
import { workflowCreateCall, workflowListCall } from '../../../shared/api/calls/workflows';
import { DEMO_TEAM_ID } from './platform';
import { accessToken } from './team-api';

/**
 * The demo team's items an admin edit page opens, for the axe spec (which runs first): the seed has no group, tag,
 * news, survey, test, workflow, bulk mail, custom mail, comment or test answer, so these are made through the API,
 * each named with MARKER, and found again by it (a second call, e.g. after a worker restart, makes nothing new).
 *
 * Made so no later spec can notice them: nobody is in the group, the tag is on no item, the bulk mail goes to that
 * empty group 20 days ahead, the workflow and the custom mail answer only an invitation of their own nobody joins
 * through, the survey is no registration survey and the test follows no video. The comment and the test answer are
 * the seeded demo member's (no new member in the member list), on the seeded colour-bars video (comment rows are found
 * by their text elsewhere).
 */
export const MARKER = 'axe sample';

/** The seeded demo member (local/seed.ts). */
const demoMember = { email: 'member@demo.example', password: 'demo-password' };
/** The demo members' video (comments.spec.ts comments there too). */
const COMMENTED_VIDEO = '01DEMOVIDE0000000000000002';

type Body = Record<string, unknown>;
type Rows = Record<string, unknown>[];

interface Caller {
  token: string;
  userId: string;
  headers?: Record<string, string>;
}

async function post(request: APIRequestContext, who: Caller, path: string, input: Body = {}): Promise<{ status: number; body: Body }> {
  const res = await request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${who.token}`, ...who.headers },
    data: { ...input, operatedTeamId: DEMO_TEAM_ID, operatedUserId: who.userId },
  });
  return { status: res.status(), body: (await res.json().catch(() => ({}))) as Body };
}

/** The first array of objects in an answer (the list calls answer `{ items }`, `{ products }`...). */
const rowsOf = (body: Body): Rows => (Object.values(body).find((v) => Array.isArray(v) && (v.length === 0 || typeof v[0] === 'object')) as Rows | undefined) ?? [];
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const marked = (row: Record<string, unknown>) => Object.values(row).some((v) => typeof v === 'string' && v.startsWith(MARKER));

function futureHour(h: number) {
  const d = new Date(Date.now() + h * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}

export interface AxeItems {
  ids: Record<string, string | undefined>;
  /** Items that could not be made, with why (printed by the spec). */
  skipped: string[];
}

/** Logs the demo administrator in through the API (as the web does after the Cognito sign-in). */
export async function demoAdminCaller(request: APIRequestContext, login: { email: string; password: string }): Promise<Caller> {
  const token = await accessToken(request, login.email, login.password);
  const res = await request.post(`/api${adminLoginCall.path}`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(res.status()).toBe(200);
  return { token, userId: ((await res.json()) as { userId: string }).userId };
}

/** Makes (or finds) one of every item the admin edit pages open, in the demo team; answers their ids. */
export async function demoItemsForAxe(request: APIRequestContext, admin: Caller): Promise<AxeItems> {
  const skipped: string[] = [];
  const call = (path: string, input: Body = {}) => post(request, admin, path, input);
  /** The row of `list` named with the marker, else the one `create` makes; the id under `key`. */
  const ensure = async (name: string, list: string, key: string, create: () => Promise<Body>, input: Body = {}): Promise<string | undefined> => {
    const found = await call(list, input);
    const row = found.status === 200 ? rowsOf(found.body).find(marked) : undefined;
    if (row) return str(row[key]);
    const made = await create();
    const id = str(made[key]) ?? str((Object.values(made).find((v) => v && typeof v === 'object') as Body | undefined)?.[key]);
    if (!id) skipped.push(`${name}: ${JSON.stringify(made).slice(0, 300)}`);
    return id;
  };
  const must = async (path: string, input: Body): Promise<Body> => {
    const res = await call(path, input);
    return res.status === 200 ? res.body : { error: `${path} answered ${res.status}`, body: res.body };
  };
  /** The first row's `key` of a lookup (the seed's own items). */
  const first = async (name: string, path: string, key: string, input: Body = {}) => {
    const res = await call(path, input);
    const id = res.status === 200 ? str(rowsOf(res.body)[0]?.[key]) : undefined;
    if (!id) skipped.push(`${name}: ${path} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return id;
  };

  const group = await ensure('group', groupListCall.path, 'groupId', () => must(groupCreateCall.path, { name: `${MARKER} group` }));
  const tag = await ensure('tag', listTagsCall.path, 'id', () => must(createTagCall.path, { name: `${MARKER} tag` }));
  const newsId = await ensure('news', newsListCall.path, 'newsId', () => must(newsCreateCall.path, { title: `${MARKER} news`, content: `${MARKER} news body` }));
  const enqueteId = await ensure('enquete', enqueteListCall.path, 'enqueteId', () =>
    must(enqueteCreateCall.path, { title: `${MARKER} survey`, questions: [{ title: 'Q', fieldName: 'q1', type: 'singleLine' }] }),
  );
  const testId = await ensure('test', testListCall.path, 'testId', () =>
    must(testCreateCall.path, {
      title: `${MARKER} test`,
      questions: [{ title: 'Q', fieldName: 'q1', type: 'radio', options: ['a', 'b'], correctAnswers: [0] }],
      passStandard: 1,
      retest: true,
    }),
  );
  // An invitation of the fixture's own, so the workflow and the custom mail fire for nobody.
  const inviteId = await ensure('invite', listInvitesCall.path, 'inviteId', () => must(createInviteCall.path, { title: `${MARKER} invite`, maxRegistrations: null }));
  const sendEmailId = group
    ? await ensure('bulk mail', sendEmailListCall.path, 'sendEmailId', () =>
        must(sendEmailCreateCall.path, {
          title: `${MARKER} mail`,
          subject: `${MARKER} subject`,
          body: 'Hello',
          recipients: { target: 'groups', groupIds: [group] },
          sendAt: futureHour(24 * 20),
        }),
      )
    : undefined;
  const customMailTemplateId = inviteId
    ? await ensure('custom mail template', customMailTemplateListCall.path, 'customMailTemplateId', () =>
        must(customMailTemplateCreateCall.path, { title: `${MARKER} custom mail`, eventType: 'welcome', objectIds: [inviteId], subject: `${MARKER} subject`, body: 'Welcome' }),
      )
    : undefined;
  const workflowId =
    inviteId && group
      ? await ensure('workflow', workflowListCall.path, 'workflowId', () =>
          must(workflowCreateCall.path, {
            title: `${MARKER} workflow`,
            eventType: 'welcome',
            waitDays: 1,
            targetIds: [inviteId],
            actions: [{ type: 'joinGroups', groupIds: [group] }],
          }),
        )
      : undefined;
  const mailTemplateName = await first('mail template', mailTemplateListCall.path, 'event');

  // The demo shop (local/seed-shop.ts): its product, that product's first price, its tax rate.
  const productId = await first('Stripe product', getProductsCall.path, 'id');
  const priceId = productId ? await first('Stripe price', getPricesCall.path, 'id', { productId }) : undefined;
  const taxRateId = await first('Stripe tax rate', getTaxRatesCall.path, 'id');

  // The member side: the seeded demo member comments and answers the test.
  let commentId: string | undefined;
  let answerId: string | undefined;
  const memberToken = await accessToken(request, demoMember.email, demoMember.password);
  const login = await request.post(`/api${memberLoginCall.path}`, { headers: { authorization: `Bearer ${memberToken}` }, data: { teamId: DEMO_TEAM_ID } });
  const session = (await login.json().catch(() => ({}))) as { outcome?: string; userId?: string; loginSessionId?: string };
  if (login.status() !== 200 || !session.userId || !session.loginSessionId) {
    skipped.push(`comment and test answer: the demo member's login answered ${login.status()} ${JSON.stringify(session)}`);
  } else {
    const member: Caller = { token: memberToken, userId: session.userId, headers: { [LOGIN_SESSION_HEADER]: session.loginSessionId } };
    commentId = await ensure('comment', commentListCall.path, 'commentId', async () => {
      const res = await post(request, member, memberCommentCreateCall.path, { type: 'video', id: COMMENTED_VIDEO, body: `${MARKER} comment` });
      return res.status === 200 ? res.body : { error: `${memberCommentCreateCall.path} answered ${res.status}`, body: res.body };
    });
    if (testId) {
      const attempts = await call(testAttemptListCall.path, { testId });
      answerId = attempts.status === 200 ? str(rowsOf(attempts.body)[0]?.attemptId) : undefined;
      if (!answerId) {
        const answered = await post(request, member, memberTestAnswerCall.path, { testId, answers: { q1: [0] } });
        if (answered.status !== 200) skipped.push(`test answer: ${memberTestAnswerCall.path} answered ${answered.status} ${JSON.stringify(answered.body).slice(0, 200)}`);
        answerId = await first('test answer', testAttemptListCall.path, 'attemptId', { testId });
      }
    }
  }

  return {
    ids: { group, tag, newsId, enqueteId, testId, inviteId, sendEmailId, customMailTemplateId, workflowId, mailTemplateName, productId, priceId, taxRateId, commentId, answerId },
    skipped,
  };
}
