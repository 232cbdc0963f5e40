import { expect, test, type Page } from '@playwright/test';
import { groupCreateCall, type GroupRow } from '../../shared/api/calls/groups';
import { createInviteCall, joinCall } from '../../shared/api/calls/invites';
import { languages, t, type Lang } from './support/i18n';
import { advanceScheduler, reactionsSettled } from './support/local-mail';
import { adminNav, logIn } from './support/operator';
import { asOperator, registerTeam } from './support/team-api';

/**
 * SPEC §2 /admin/workflow and issue 13, both languages: an operator creates a workflow in the admin UI (welcome,
 * one invitation, a wait in days, add to a group); a new member joins through that invitation; before the wait
 * they are not in the group, after the local scheduler's clock moves past it the operator sees them in it.
 */
const shots = '.local/e2e-workflows/screenshots';
const DAY = 86_400;

/** The group's row in the admin group list shows its member count (read afresh until it does). */
async function expectGroupCount(page: Page, lang: Lang, groupName: string, count: number) {
  await adminNav(page, lang, 'groups').click();
  await expect(page.getByRole('heading', { name: t(lang, 'groups:list.title') })).toBeVisible();
  // The list is not read again within SWR's deduping interval, and a job the scheduler's own poll picked up may
  // still be finishing when the clock hook answers: reload until the count shows.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: groupName })).toContainText(t(lang, 'groups:list.members', { count }), { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

for (const lang of languages) {
  test.describe(`workflows (${lang})`, () => {
    test('a welcome workflow adds a new member to a group once its wait is over', async ({ page, request }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `workflow-${lang}`);
      const groupName = `Graduates ${lang}`;
      const inviteTitle = `Spring cohort ${lang}`;
      const { group } = await asOperator<{ group: GroupRow }>(request, team, groupCreateCall.path, { name: groupName });
      const { inviteId } = await asOperator<{ inviteId: string }>(request, team, createInviteCall.path, { title: inviteTitle, maxRegistrations: null, groupIds: [] });
      // The scheduler's clock stays ahead once moved (by the other language's run): the wait must end after it,
      // with an hour's margin. On a fresh platform this is the one wait day.
      const ahead = await advanceScheduler(request, 0);
      const waitDays = Math.floor((ahead + 3_600) / DAY) + 1;

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await adminNav(page, lang, 'workflows').click();
      await expect(page.getByRole('heading', { name: t(lang, 'workflows:list.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'workflows:list.empty'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'workflows:list.create') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'workflows:edit.createTitle') })).toBeVisible();

      // SPEC §5: the event, the objects and a group per action are required; the form says so under each field.
      await page.getByRole('button', { name: t(lang, 'workflows:actions.create'), exact: true }).click();
      await expect(page.getByText(t(lang, 'errors:validation/required')).first()).toBeVisible();
      await expect(page.getByText(t(lang, 'errors:validation/objects_required'))).toBeVisible();
      await expect(page.getByText(t(lang, 'errors:validation/groups_required'))).toBeVisible();

      await page.getByRole('textbox', { name: t(lang, 'workflows:fields.title') }).fill(`Welcome path ${lang}`);
      await page.getByRole('combobox', { name: t(lang, 'workflows:fields.eventType') }).click();
      await page.getByRole('option', { name: t(lang, 'workflows:events.welcome') }).click();
      await page.getByRole('combobox', { name: t(lang, 'workflows:fields.targets') }).click();
      await page.getByRole('option', { name: inviteTitle }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: t(lang, 'workflows:fields.waitDays') }).fill(String(waitDays));
      await page.getByRole('combobox', { name: t(lang, 'workflows:fields.groups') }).click();
      await page.getByRole('option', { name: groupName }).click();
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${shots}/create-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/create-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: t(lang, 'workflows:actions.create'), exact: true }).click();

      await expect(page).toHaveURL(/\/admin\/workflow$/);
      const row = page.getByRole('row').filter({ hasText: `Welcome path ${lang}` });
      await expect(row).toContainText(t(lang, 'workflows:events.welcome'));
      await expect(row).toContainText(t(lang, 'workflows:list.waitDays', { count: waitDays }));
      await expect(row.getByRole('switch', { name: t(lang, 'workflows:list.switchLabel', { title: `Welcome path ${lang}` }) })).toBeChecked();
      await page.screenshot({ path: `${shots}/list-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/list-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      // A new member joins through that invitation (the product's own join call, as the join page sends it).
      const member = { email: `e2e-workflow-${lang}-${Date.now().toString(36)}@example.com`, password: 'member-pass-1', name: `Workflow member ${lang}` };
      const joined = await request.post(`/api${joinCall.path}`, {
        data: { inviteId, kind: 'user', ...member, passwordConfirmation: member.password, language: lang },
      });
      expect(joined.status(), await joined.text()).toBe(200);
      // The workflow's start is the mail domain's reaction to the welcome, a moment after the join answers.
      await reactionsSettled();

      // Before the wait: not in the group.
      await expectGroupCount(page, lang, groupName, 0);

      // The wait passes on the scheduler's clock; the job runs and the member is in the group.
      await advanceScheduler(request, waitDays * DAY - ahead + 60);
      await expectGroupCount(page, lang, groupName, 1);
      await page.screenshot({ path: `${shots}/group-after-${lang}.png`, fullPage: true });
      await adminNav(page, lang, 'users').click();
      await page.getByRole('textbox', { name: t(lang, 'users:list.search') }).fill(member.email);
      await page.getByRole('row').filter({ hasText: member.email }).getByRole('link').first().click();
      await expect(page.getByRole('heading', { name: t(lang, 'users:edit.title') })).toBeVisible();
      // The member's groups field shows the group as a chosen pill.
      await expect(page.locator('.mantine-Pill-label').filter({ hasText: group.name })).toBeVisible();
      await page.screenshot({ path: `${shots}/member-groups-${lang}.png`, fullPage: true });

      // The edit page shows what was saved (the invitation and the group by name) and saves at its version.
      await adminNav(page, lang, 'workflows').click();
      await row.getByRole('link', { name: `Welcome path ${lang}` }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'workflows:edit.title') })).toBeVisible();
      await expect(page.locator('.mantine-Pill-label').filter({ hasText: inviteTitle })).toBeVisible();
      await expect(page.locator('.mantine-Pill-label').filter({ hasText: groupName })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t(lang, 'workflows:fields.waitDays') })).toHaveValue(String(waitDays));
      const renamed = `Welcome path ${lang} v2`;
      await page.getByRole('textbox', { name: t(lang, 'workflows:fields.title') }).fill(renamed);
      await page.getByRole('button', { name: t(lang, 'workflows:actions.save'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/workflow$/);
      await expect(row.getByRole('link', { name: renamed })).toBeVisible();

      // The list's switch disables it (cancelling any waits); the confirmation says when deletion is refused, then it goes.
      await row.getByRole('switch').click({ force: true });
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'workflows:list.disabledDone', { title: renamed }) })).toBeVisible();
      await expect(row.getByRole('switch')).not.toBeChecked();
      await row.getByRole('button', { name: t(lang, 'workflows:actions.deleteNamed', { title: renamed }) }).click();
      await expect(page.getByRole('dialog')).toContainText(t(lang, 'workflows:delete.body'));
      await page.screenshot({ path: `${shots}/delete-confirm-${lang}.png`, fullPage: true });
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'workflows:actions.delete') }).click();
      await expect(page.getByText(t(lang, 'workflows:list.empty'))).toBeVisible();
    });
  });
}
