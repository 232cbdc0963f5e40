import { expect, test } from '@playwright/test';
import { containing, languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { logInAdmin, separatePage } from './support/shop';
import { joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §2 chat, both languages: with the site setting on, a member writes to the administrators; the operator, with
 * the inbox already open, sees the conversation arrive unread without reloading, opens it and replies; the member sees
 * the reply without reloading (both pages poll while visible).
 */
const shots = '.local/e2e-chat/screenshots';

for (const lang of languages) {
  test.describe(`chat (${lang})`, () => {
    test('a chat message goes both ways', async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `chat-${lang}`);
      const member = await joinAsMember(request, team, `chat-${lang}`);

      // The member's chat page, reached from the member menu: off by default, it says so and has no form.
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(page, lang, member.email, member.password);
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await page.getByRole('link', { name: t(lang, 'member:nav.chat'), exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/chat$`));
      await expect(page.getByRole('heading', { name: t(lang, 'chat:member.title'), level: 1 })).toBeVisible();
      await expect(page.getByText(t(lang, 'errors:chat/disabled_by_admin'))).toBeVisible();
      await expect(page.getByRole('button', { name: t(lang, 'chat:member.start') })).toHaveCount(0);

      // The operator turns chat on in the site settings, then keeps the inbox open.
      const admin = await separatePage(browser);
      await logInAdmin(admin, lang, { email: team.operator.email, password: team.operator.password });
      await admin.goto(`/admin/general_setting/basic_info?lang=${lang}`);
      await admin.getByRole('checkbox', { name: t(lang, 'security:chatEnabled') }).check();
      await admin.getByRole('button', { name: t(lang, 'security:save'), exact: true }).click();
      await expect(admin.getByText(t(lang, 'security:saved'))).toBeVisible();
      await admin.getByRole('link', { name: t(lang, 'admin:nav.chat'), exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/chat$/);
      await expect(admin.getByText(t(lang, 'chat:inbox.empty'))).toBeVisible();

      // The member starts the conversation and writes; a blank message is refused in place.
      await page.reload();
      await page.getByRole('button', { name: t(lang, 'chat:member.start') }).click();
      await expect(page).toHaveURL(/\/chat\?conversationId=[0-9A-Z]+$/);
      const send = page.getByRole('button', { name: t(lang, 'chat:composer.send'), exact: true });
      await send.click();
      await expect(page.getByText(t(lang, 'errors:chat/message_required'))).toBeVisible();
      const question = `Hello, can I change my plan? <b>now</b> (${lang} ${Date.now().toString(36)})`;
      await page.getByRole('textbox', { name: t(lang, 'chat:composer.label') }).fill(question);
      await send.click();
      const log = page.getByRole('log');
      await expect(log.getByText(question, { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t(lang, 'chat:composer.label') })).toHaveValue('');
      await page.screenshot({ path: `${shots}/member-wrote-${lang}.png`, fullPage: true });

      // Without a reload, the inbox shows the conversation, unread; opening it shows the message; the admin replies.
      const row = admin.getByRole('button', { name: containing(member.name) });
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row.getByText(t(lang, 'chat:inbox.unread', { count: 1 }))).toBeVisible();
      await admin.screenshot({ path: `${shots}/admin-inbox-${lang}.png`, fullPage: true });
      await row.click();
      await expect(admin).toHaveURL(/\/admin\/chat\?conversationId=[0-9A-Z]+$/);
      await expect(admin.getByRole('heading', { name: t(lang, 'chat:admin.with', { name: member.name }) })).toBeVisible();
      await expect(admin.getByRole('log').getByText(question, { exact: true })).toBeVisible();
      await expect(row.getByText(t(lang, 'chat:inbox.unread', { count: 1 }))).toHaveCount(0);
      const answer = `Yes, from the settings page (${lang}).`;
      await admin.getByRole('textbox', { name: t(lang, 'chat:composer.label') }).fill(answer);
      await admin.getByRole('button', { name: t(lang, 'chat:composer.send'), exact: true }).click();
      await expect(admin.getByRole('log').getByText(answer, { exact: true })).toBeVisible();
      await admin.screenshot({ path: `${shots}/admin-replied-${lang}.png`, fullPage: true });

      // The member sees the reply without reloading, on a phone too.
      await expect(log.getByText(answer, { exact: true })).toBeVisible({ timeout: 15_000 });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/member-reply-phone-${lang}.png`, fullPage: true });
      await admin.close();
    });
  });
}
