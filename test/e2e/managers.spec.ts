import { expect, test, type Page } from '@playwright/test';
import { groupCreateCall } from '../../shared/api/calls/groups';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { separatePage } from './support/shop';
import { asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * Issue 27, SPEC §6 group managers, both languages: the team's super administrator makes a member the manager of a
 * group with permissions, edits them and removes them; the manager then sees only their group in the member area,
 * adds and removes its members there, and loses the page once removed. Laptop and phone width.
 */

const PHONE = { width: 390, height: 844 };
const shots = 'test-results/e2e-managers';

const adminNav = (page: Page, lang: Lang, key: string) =>
  page.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, `admin:nav.${key}`), exact: true });
const memberNav = (page: Page, lang: Lang) =>
  page.getByRole('navigation', { name: t(lang, 'member:nav.label') }).getByRole('link', { name: t(lang, 'member:nav.groupManage') });
const permission = (page: Page, lang: Lang, group: string, p: string) =>
  page.getByRole('checkbox', { name: t(lang, 'managers:fields.permissionOf', { group, permission: t(lang, `managers:permissions.${p}`) }) });

for (const lang of languages) {
  test.describe(`Group managers (${lang})`, () => {
    test('an administrator creates, edits and removes a group manager, who sees only their group', async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `managers-${lang}`);
      const groupA = `Cohort A ${lang}`;
      const groupB = `Cohort B ${lang}`;
      const { group: a } = await asOperator<{ group: { groupId: string } }>(request, team, groupCreateCall.path, { name: groupA });
      const { group: b } = await asOperator<{ group: { groupId: string } }>(request, team, groupCreateCall.path, { name: groupB });
      const manager = await joinAsMember(request, team, `mgr-${lang}`);
      const peer = await joinAsMember(request, team, `peer-${lang}`, [a.groupId]);
      const otherGroup = await joinAsMember(request, team, `inb-${lang}`, [b.groupId]);
      const newcomer = await joinAsMember(request, team, `new-${lang}`);

      // The administrator: the menu entry, the empty list, the form's required fields.
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await adminNav(page, lang, 'managers').click();
      await expect(page).toHaveURL(/\/admin\/group\/managers$/);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'managers:list.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'managers:list.empty'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'managers:list.create') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'managers:edit.createTitle') })).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'managers:actions.create'), exact: true }).click();
      await expect(page.getByRole('textbox', { name: t(lang, 'managers:fields.email') })).toHaveAccessibleDescription(new RegExp(t(lang, 'errors:validation/required')));
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:validation/required') })).toBeVisible();

      // Someone who is not a member of the site: refused on the e-mail field.
      await page.getByRole('textbox', { name: t(lang, 'managers:fields.email') }).fill('nobody-here@example.com');
      await permission(page, lang, groupA, 'read').check();
      await page.getByRole('button', { name: t(lang, 'managers:actions.create'), exact: true }).click();
      await expect(page.getByRole('textbox', { name: t(lang, 'managers:fields.email') })).toHaveAccessibleDescription(new RegExp(t(lang, 'errors:common/no_user')));

      // The member, for group A: view and add members.
      await page.getByRole('textbox', { name: t(lang, 'managers:fields.email') }).fill(manager.email);
      await permission(page, lang, groupA, 'create').check();
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${shots}/create-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: t(lang, 'managers:actions.create'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'managers:edit.created', { name: manager.email }) })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/group\/managers$/);
      const row = page.getByRole('row').filter({ hasText: manager.name });
      await expect(row).toContainText(groupA);
      await expect(row).toContainText(t(lang, 'managers:permissions.read'));
      await expect(row).toContainText(t(lang, 'managers:permissions.create'));
      await expect(row).not.toContainText(t(lang, 'managers:permissions.delete'));

      // Edit: may also edit and remove members.
      await row.getByRole('link', { name: manager.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'managers:edit.title') })).toBeVisible();
      await expect(permission(page, lang, groupA, 'read')).toBeChecked();
      await expect(permission(page, lang, groupB, 'read')).not.toBeChecked();
      await permission(page, lang, groupA, 'edit').check();
      await permission(page, lang, groupA, 'delete').check();
      await page.getByRole('button', { name: t(lang, 'managers:actions.save'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'managers:edit.saved', { name: manager.name }) })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/group\/managers$/);
      await expect(row).toContainText(t(lang, 'managers:permissions.delete'));
      await page.screenshot({ path: `${shots}/list-${lang}.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await page.reload();
      await expect(row).toContainText(t(lang, 'managers:permissions.delete'));
      await page.screenshot({ path: `${shots}/list-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
      await expect(row).toBeVisible();

      // The manager: only group A, its members, add and remove.
      const member = await separatePage(browser);
      await member.setViewportSize(PHONE);
      await member.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(member, lang, manager.email, manager.password);
      await expect(member).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await member.getByRole('button', { name: t(lang, 'member:nav.toggle') }).click();
      await memberNav(member, lang).click();
      await expect(member).toHaveURL(new RegExp(`/user/${team.teamId}/group_manage$`));
      await expect(member.getByRole('heading', { level: 1, name: t(lang, 'managers:member.title') })).toBeVisible();
      await expect(member.getByRole('heading', { level: 2, name: groupA })).toBeVisible();
      await expect(member.getByText(groupB)).toHaveCount(0);
      await expect(member.getByText(peer.name)).toBeVisible();
      await expect(member.getByText(otherGroup.name)).toHaveCount(0);
      const renamed = `${peer.name} (renamed)`;
      await member.getByRole('button', { name: t(lang, 'managers:member.editNamed', { name: peer.name }) }).click();
      await member.getByRole('dialog').getByRole('textbox', { name: t(lang, 'managers:fields.name') }).fill(renamed);
      await member.getByRole('dialog').getByRole('button', { name: t(lang, 'managers:actions.save'), exact: true }).click();
      await expect(member.getByRole('alert').filter({ hasText: t(lang, 'managers:member.saved', { name: renamed }) })).toBeVisible();
      await expect(member.getByText(renamed, { exact: true })).toBeVisible();
      await member.getByRole('textbox', { name: t(lang, 'managers:member.addLabel') }).fill(newcomer.email);
      await member.getByRole('button', { name: t(lang, 'managers:member.add'), exact: true }).click();
      await expect(member.getByRole('alert').filter({ hasText: t(lang, 'managers:member.added', { name: newcomer.name, group: groupA }) })).toBeVisible();
      await expect(member.getByText(newcomer.name, { exact: true })).toBeVisible();
      await member.screenshot({ path: `${shots}/member-phone-${lang}.png`, fullPage: true });
      await member.getByRole('button', { name: t(lang, 'managers:member.removeNamed', { name: newcomer.name }) }).click();
      await member.getByRole('dialog').getByRole('button', { name: t(lang, 'managers:member.remove'), exact: true }).click();
      await expect(member.getByRole('alert').filter({ hasText: t(lang, 'managers:member.removed', { name: newcomer.name, group: groupA }) })).toBeVisible();
      await expect(member.getByText(newcomer.name, { exact: true })).toHaveCount(0);
      await expect(member.getByText(renamed, { exact: true })).toBeVisible();

      // The administrator removes the manager: the manager's page entry goes.
      await row.getByRole('button', { name: t(lang, 'managers:actions.deleteNamed', { title: manager.name }) }).click();
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'managers:actions.delete'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'managers:delete.done', { title: manager.name }) })).toBeVisible();
      await expect(page.getByText(t(lang, 'managers:list.empty'))).toBeVisible();
      await member.goto(`/user/${team.teamId}?lang=${lang}`);
      await member.getByRole('button', { name: t(lang, 'member:nav.toggle') }).click();
      await expect(member.getByRole('navigation', { name: t(lang, 'member:nav.label') }).getByRole('link', { name: t(lang, 'member:nav.home') })).toBeVisible();
      await expect(memberNav(member, lang)).toHaveCount(0);
      await member.goto(`/user/${team.teamId}/group_manage?lang=${lang}`);
      await expect(member.getByText(t(lang, 'managers:member.noGroups'))).toBeVisible();
      await member.close();
    });
  });
}
