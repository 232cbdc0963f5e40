import { expect, test, type Page } from '@playwright/test';
import { commentDeleteCall, commentReplyCall, type MemberComment } from '../../shared/api/calls/comments';
import { adminLoginCall } from '../../shared/api/calls/auth';
import { languages, t, type Lang } from './support/i18n';
import { inbox } from './support/local-mail';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID, newDemoAdministrator, platformModules } from './support/platform';
import { demoAdmin, logInAdmin, newBuyer, newDemoBuyer, separatePage } from './support/shop';
import { accessToken } from './support/team-api';

/**
 * Issue 30, both UI languages: on the demo team, a member who chose English and one who chose Japanese in their
 * settings each comment under a demo video; the administrator's reply reaches each by mail in their own language,
 * whatever the team's language and the screen they started from. An analyst administrator who chose the other
 * language in their profile is told of both comments in that language. Phone width looked at on both forms.
 */
const shots = '.local/e2e-mail-language/screenshots';
const VIDEO = '01DEMOVIDE0000000000000002';

/** What this spec adds to the shared demo team, taken away after it. */
const added: { members: { userId: string; email: string }[]; comments: string[] } = { members: [], comments: [] };

const adminSession = async (request: Parameters<typeof accessToken>[0]) => {
  const token = await accessToken(request, demoAdmin.email, demoAdmin.password);
  const res = await request.post(`/api${adminLoginCall.path}`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(res.status(), await res.text()).toBe(200);
  const { userId } = (await res.json()) as { userId: string };
  return { token, userId };
};

test.afterAll(async ({ request }) => {
  const admin = await adminSession(request);
  for (const commentId of added.comments.splice(0)) {
    await request.post(`/api${commentDeleteCall.path}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { commentId, operatedTeamId: DEMO_TEAM_ID, operatedUserId: admin.userId },
    });
  }
  const { db, identity, teamUser } = await platformModules();
  for (const member of added.members.splice(0)) {
    const record = await teamUser.getTeamUser(DEMO_TEAM_ID, member.userId, true);
    if (record) await db.transact(teamUser.deleteTeamUserOps(record));
    await identity.deleteIdentity(member.email);
  }
});

/** The demo seed encodes its clips after the first start: reload until the members' video plays (then it has comments). */
async function openVideo(page: Page, lang: Lang) {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
    await page.goto(`/user/${DEMO_TEAM_ID}/video/${VIDEO}`);
    const res = await answer;
    if (res.status() === 200 && ((await res.json()) as { playback?: unknown }).playback) break;
    if (attempt > 60) throw new Error('The demo video did not become ready');
    await page.waitForTimeout(2000);
  }
  await expect(page.getByRole('heading', { name: t(lang, 'comments:member.title') })).toBeVisible();
}

/** The reply mail's subject in each language (lambdas/core/mail/texts: 【site】 in Japanese, [site] in English). */
const replySubject: Record<Lang, RegExp> = {
  en: /^\[[^\]]+\] Your comment on .+ got a reply$/,
  ja: /^【[^】]+】.+ へのコメントに返信がありました$/,
};
/** The administrators' new-comment mail's subject in each language. */
const commentSubject: Record<Lang, RegExp> = {
  en: /^\[[^\]]+\] New comment on .+$/,
  ja: /^【[^】]+】.+ にコメントがありました$/,
};

/** A new analyst administrator of the demo team who chooses `chosen` on their profile page (signed in from a `lang` screen). */
async function administratorChoosing(page: Page, lang: Lang, chosen: Lang) {
  const stamp = `${lang}-${Date.now().toString(36)}`;
  const person = { email: `mail-lang-admin-${stamp}@example.test`, password: 'admin-pass-1', name: `Analyst ${stamp}` };
  const userId = await newDemoAdministrator({ ...person, categories: ['analyst'] });
  added.members.push({ userId, email: person.email });
  await logInAdmin(page, lang, person);
  await page.goto(`/admin/setting/profile?lang=${lang}`);
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: t(lang, 'profile:basics.title') }) });
  await expect(form.getByText(t(lang, 'profile:fields.languageHint'))).toBeVisible();
  await form.locator('label', { hasText: t(lang, `common:language.${chosen}`) }).click();
  await form.getByRole('button', { name: t(lang, 'profile:actions.save') }).click();
  await expect(page.getByText(t(lang, 'profile:saved')).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/admin-profile-${lang}-chose-${chosen}-phone.png`, fullPage: true });
  const { teamUser } = await platformModules();
  expect((await teamUser.getTeamUser(DEMO_TEAM_ID, userId, true))?.language).toBe(chosen);
  return person;
}

for (const lang of languages) {
  test.describe(`mail language (${lang})`, () => {
    test('a member who chose English and one who chose Japanese each get the reply mail in their own language', async ({ browser, request }) => {
      // Two members, two page loads each and the seed's encoding on a loaded machine.
      test.setTimeout(240_000);
      const admin = await adminSession(request);
      const adminPage = await separatePage(browser);
      const other: Lang = lang === 'ja' ? 'en' : 'ja';
      const analyst = await administratorChoosing(adminPage, lang, other);
      await adminPage.close();
      for (const chosen of languages) {
        const page = await separatePage(browser);
        const member = await newDemoBuyer(lang, `mail-lang-${chosen}`);
        added.members.push({ userId: member.userId, email: member.email });

        // Signed in from a screen in the project's language, the member chooses their language in the settings.
        await page.goto(`/login/${DEMO_TEAM_ID}?lang=${lang}`);
        await logIn(page, lang, member.email, member.password);
        await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));
        await page.goto(`/user/${DEMO_TEAM_ID}/setting?lang=${lang}`);
        const details = page.locator('form').filter({ has: page.getByRole('heading', { name: t(lang, 'membersettings:profile.title') }) });
        await expect(details.getByText(t(lang, 'membersettings:profile.languageHint'))).toBeVisible();
        await details.locator('label', { hasText: t(lang, `common:language.${chosen}`) }).click();
        await details.getByRole('button', { name: t(lang, 'membersettings:profile.save') }).click();
        await expect(page.getByRole('heading', { name: t(chosen, 'membersettings:title'), level: 1 })).toBeVisible();
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: `${shots}/settings-${lang}-chose-${chosen}-phone.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 720 });

        // The member comments under a demo video.
        await openVideo(page, chosen);
        const question = `Which language? (${lang} ${chosen} ${Date.now().toString(36)})`;
        await page.getByRole('textbox', { name: t(chosen, 'comments:member.label') }).fill(question);
        const created = page.waitForResponse((r) => r.url().endsWith('/api/member_comment/create'));
        await page.getByRole('button', { name: t(chosen, 'comments:member.send'), exact: true }).click();
        const { comment } = (await (await created).json()) as { comment: MemberComment };
        added.comments.push(comment.commentId);
        await expect(page.getByRole('article').filter({ hasText: question })).toBeVisible();
        await page.close();

        // The administrator replies; the mail reaches the member in the language they chose.
        const reply = await request.post(`/api${commentReplyCall.path}`, {
          headers: { authorization: `Bearer ${admin.token}` },
          data: { commentId: comment.commentId, body: `Reply for ${chosen}`, operatedTeamId: DEMO_TEAM_ID, operatedUserId: admin.userId },
        });
        expect(reply.status(), await reply.text()).toBe(200);
        await expect.poll(async () => (await inbox(member.email)).map((m) => m.subject), { timeout: 15_000 }).toEqual([expect.stringMatching(replySubject[chosen])]);
        const [mail] = await inbox(member.email);
        expect(mail!.body.text).toContain(`Reply for ${chosen}`);
        expect(mail!.body.text).toContain(`/user/${DEMO_TEAM_ID}/video/${VIDEO}`);
      }

      // The analyst was told of both comments in the language of their profile, not the screen they used.
      await expect
        .poll(async () => (await inbox(analyst.email)).filter((m) => m.body.text?.includes('Which language?')).map((m) => m.subject), { timeout: 15_000 })
        .toEqual([expect.stringMatching(commentSubject[other]), expect.stringMatching(commentSubject[other])]);
    });

    test('a member who chose nothing and switches the language while signed in has it noted at once', async ({ page }) => {
      const other: Lang = lang === 'ja' ? 'en' : 'ja';
      const member = await newBuyer(page, lang, 'mail-lang-switch');
      added.members.push({ userId: member.userId, email: member.email });
      const { teamUser } = await platformModules();
      await expect.poll(async () => (await teamUser.getTeamUser(DEMO_TEAM_ID, member.userId, true))?.lastLanguage).toBe(lang);
      await page.getByRole('banner').getByRole('radiogroup', { name: t(lang, 'common:language.label') }).getByText(t(other, `common:language.${other}`)).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      // No reload and no new sign-in: the member shell asked for its context again in the new language.
      await expect.poll(async () => (await teamUser.getTeamUser(DEMO_TEAM_ID, member.userId, true))?.lastLanguage, { timeout: 10_000 }).toBe(other);
    });
  });
}
