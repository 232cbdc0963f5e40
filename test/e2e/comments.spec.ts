import { expect, test, type Locator, type Page } from '@playwright/test';
import { containing, languages, t, type Lang } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import { createArticleCall } from '../../shared/api/calls/articles';
import { logIn } from './support/operator';
import { logInAdmin, newBuyer, separatePage } from './support/shop';
import { asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §3 Comment and reply, both languages: a member comments under a demo video, the administrator finds the
 * comment on /admin/comment and replies on comment/:commentId/reply, and the member sees the reply under the video.
 */
const shots = '.local/e2e-comments/screenshots';
const VIDEO = { id: '01DEMOVIDE0000000000000002', title: 'カラーバー / Colour bars' };

/** The demo seed encodes its clips after the first start: reload until the members' video plays (then it has comments). */
async function openVideo(page: Page, lang: Lang) {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
    await page.goto(`/user/${DEMO_TEAM_ID}/video/${VIDEO.id}?lang=${lang}`);
    const res = await answer;
    if (res.status() === 200 && ((await res.json()) as { state: string; playback?: unknown }).playback) break;
    if (attempt > 60) throw new Error('The demo video did not become ready');
    await page.waitForTimeout(2000);
  }
  await expect(page.getByRole('heading', { name: t(lang, 'comments:member.title') })).toBeVisible();
}

/**
 * SPEC §9 relative times: something just posted reads "数秒前" / "a few seconds ago" (a minute or two on a slow
 * machine), and its `<time>` keeps the exact date-time for the tooltip and for machines.
 */
async function expectJustNow(scope: Locator, lang: Lang) {
  const when = scope.locator('time').first();
  await expect(when).toHaveText(lang === 'ja' ? /^(数秒|\d+分)前$/ : /^(a few seconds|a minute|\d+ minutes) ago$/);
  await expect(when).toHaveAttribute('title', /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await expect(when).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
}

for (const lang of languages) {
  test.describe(`comments (${lang})`, () => {
    test('a member comments on a video, the administrator replies, the member sees the reply', async ({ page, browser }) => {
      // Two people, the seed's encoding and two page loads each on a loaded machine.
      test.setTimeout(180_000);
      const member = await newBuyer(page, lang, 'comments');
      await openVideo(page, lang);

      // A comment is required (SPEC §5): the form says so in place.
      const send = page.getByRole('button', { name: t(lang, 'comments:member.send'), exact: true });
      await send.click();
      await expect(page.getByText(t(lang, 'errors:validation/required'))).toBeVisible();
      const question = `Where is the next lesson? (${lang} ${Date.now().toString(36)})`;
      await page.getByRole('textbox', { name: t(lang, 'comments:member.label') }).fill(question);
      await send.click();
      const mine = page.getByRole('article').filter({ hasText: question });
      await expect(mine).toBeVisible();
      await expect(mine.getByText(containing(`${member.name} (${t(lang, 'comments:member.mine')})`))).toBeVisible();
      await page.screenshot({ path: `${shots}/member-commented-${lang}.png`, fullPage: true });

      // The administrator is told in the app (the notifications page), then finds it on /admin/comment and replies.
      const admin = await separatePage(browser);
      await logInAdmin(admin, lang);
      await admin.getByRole('link', { name: t(lang, 'admin:nav.notifications'), exact: true }).click();
      await expect(admin.getByRole('heading', { name: t(lang, 'notices:admin.title'), level: 1 })).toBeVisible();
      const told = admin.getByRole('row', { name: containing(question) });
      await expect(told.getByRole('link', { name: t(lang, 'notices:admin.commentOn', { type: t(lang, 'comments:types.video'), title: VIDEO.title }) })).toBeVisible();
      await admin.screenshot({ path: `${shots}/admin-notifications-${lang}.png`, fullPage: true });
      await admin.getByRole('link', { name: t(lang, 'admin:nav.comments'), exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/comment$/);
      await expect(admin.getByRole('heading', { name: t(lang, 'comments:list.title') })).toBeVisible();
      const row = admin.getByRole('row', { name: containing(question) });
      await expect(row.getByText(VIDEO.title)).toBeVisible();
      await expect(row.getByText(member.name)).toBeVisible();
      await expect(row.getByText(t(lang, 'comments:list.noReply'))).toBeVisible();
      await admin.screenshot({ path: `${shots}/admin-list-${lang}.png`, fullPage: true });
      await row.getByRole('link', { name: t(lang, 'comments:list.reply'), exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/comment\/[0-9A-Z]+\/reply$/);
      await expect(admin.getByRole('heading', { name: t(lang, 'comments:reply.title') })).toBeVisible();
      await expect(admin.getByText(question)).toBeVisible();
      const answer = `Next week, on Monday (${lang}).`;
      await admin.getByRole('textbox', { name: t(lang, 'comments:fields.reply') }).fill(answer);
      await admin.getByRole('button', { name: t(lang, 'comments:actions.reply'), exact: true }).click();
      await expect(admin.getByText(t(lang, 'comments:reply.sent'))).toBeVisible();
      await expect(admin.getByText(answer)).toBeVisible();
      await admin.screenshot({ path: `${shots}/admin-reply-${lang}.png`, fullPage: true });
      await admin.getByRole('link', { name: t(lang, 'comments:reply.back') }).click();
      await expect(admin.getByRole('row', { name: containing(question) }).getByText(t(lang, 'comments:list.replies', { count: 1 }))).toBeVisible();
      await admin.close();

      // The member sees the reply under their comment, on a phone too.
      await page.reload();
      const replied = page.getByRole('article').filter({ hasText: question });
      await expect(replied.getByText(answer)).toBeVisible();
      await expect(replied.getByText(containing(t(lang, 'comments:member.reply')))).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await replied.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/member-reply-phone-${lang}.png`, fullPage: true });

      // The reply is also among the member's notifications, leading back to the video.
      await page.goto(`/user/${DEMO_TEAM_ID}/notification?lang=${lang}`);
      await expect(page.getByRole('heading', { name: t(lang, 'notices:member.title'), level: 1 })).toBeVisible();
      const notice = page.getByRole('listitem').filter({ hasText: answer });
      await expect(notice).toBeVisible();
      await page.screenshot({ path: `${shots}/member-notifications-phone-${lang}.png`, fullPage: true });
      await notice.getByRole('link', { name: t(lang, 'notices:member.replied', { title: VIDEO.title }) }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/video/${VIDEO.id}$`));
    });

    test('with the site setting on, a member comments on an article and the administrator sees it in the list', async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `article-comments-${lang}`);
      const title = `Reading list ${lang}`;
      const { id } = await asOperator<{ id: string }>(request, team, createArticleCall.path, { title, status: 'public', fields: { html: `<p>${title}</p>` } });
      const reader = await joinAsMember(request, team, `article-comments-${lang}`);

      // Off by default: the article page has no comment section.
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(page, lang, reader.email, reader.password);
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      const listed = page.waitForResponse((r) => r.url().endsWith('/api/member_comment/list'));
      await page.goto(`/user/${team.teamId}/article/${id}?lang=${lang}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      expect(((await (await listed).json()) as { commentsEnabled: boolean }).commentsEnabled).toBe(false);
      await expect(page.getByRole('heading', { name: t(lang, 'comments:member.title') })).toHaveCount(0);

      // The operator turns comments on other pages on in the site settings.
      const admin = await separatePage(browser);
      await logInAdmin(admin, lang, { email: team.operator.email, password: team.operator.password });
      await admin.goto(`/admin/general_setting/basic_info?lang=${lang}`);
      await admin.getByRole('checkbox', { name: t(lang, 'security:contentCommentsEnabled') }).check();
      await admin.getByRole('button', { name: t(lang, 'security:save'), exact: true }).click();
      await expect(admin.getByText(t(lang, 'security:saved'))).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { name: t(lang, 'comments:member.title') })).toBeVisible();
      const question = `Is there a printed version? (${lang})`;
      await page.getByRole('textbox', { name: t(lang, 'comments:member.label') }).fill(question);
      await page.getByRole('button', { name: t(lang, 'comments:member.send'), exact: true }).click();
      const posted = page.getByRole('article').filter({ hasText: question });
      await expect(posted).toBeVisible();
      await expectJustNow(posted, lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/article-comment-phone-${lang}.png`, fullPage: true });

      await admin.goto(`/admin/comment?lang=${lang}`);
      const row = admin.getByRole('row', { name: containing(question) });
      await expect(row.getByText(`${t(lang, 'comments:types.article')} · ${title}`)).toBeVisible();
      await expectJustNow(row, lang);
      await admin.screenshot({ path: `${shots}/admin-list-article-${lang}.png`, fullPage: true });
      await admin.close();
    });
  });
}
