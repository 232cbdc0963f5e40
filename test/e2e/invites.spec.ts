import { expect, test, type Page } from '@playwright/test';
import { createInviteCall, joinCall } from '../../shared/api/calls/invites';
import { updateSecuritySettingsCall } from '../../shared/api/calls/settings';
import { languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { basePort } from './support/ports';
import { asOperator, registerTeam } from './support/team-api';

/** The e-mail confirmation link last mailed to `to` (the local SES inbox sits on the platform's port + 4). */
async function verificationLink(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await fetch(`http://127.0.0.1:${basePort() + 4}/store`);
    const { emails } = (await res.json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
    const text = emails.filter((m) => m.destination.to.includes(to)).at(-1)?.body.text ?? '';
    const link = /https?:\/\/\S+\/verify_email\/\S+/.exec(text)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No confirmation mail for ${to}`);
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** A password input by its label (its text may end in the required-field asterisk). */
const passwordInput = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

for (const lang of languages) {
  test.describe(`Invitations (${lang})`, () => {
    test('an operator creates an approval-required invitation; a member registers, waits, is approved and logs in', async ({
      browser,
      request,
    }) => {
      const team = await registerTeam(request, `inv-${lang}`);
      // The team checks that members own their e-mail address (SPEC §3 site settings).
      await asOperator(request, team, updateSecuritySettingsCall.path, {
        emailValidityCheck: true,
        twoFactorRequired: false,
        complexPassword: false,
        adminIpAllowList: [],
        memberIpAllowList: [],
        singleLogin: false,
      });
      const title = `Approval cohort ${lang} ${Date.now().toString(36)}`;
      const admin = await browser.newContext();
      await admin.grantPermissions(['clipboard-read', 'clipboard-write']);
      const adminPage = await admin.newPage();
      await adminPage.goto(`/login?lang=${lang}`);
      await logIn(adminPage, lang, team.operator.email, team.operator.password);
      await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);

      // The operator creates the invitation from the menu.
      await adminPage.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, 'admin:nav.invite'), exact: true }).click();
      await expect(adminPage.getByRole('heading', { level: 1, name: t(lang, 'invites:list.title') })).toBeVisible();
      await expect(adminPage.getByText(t(lang, 'invites:list.empty'))).toBeVisible();
      await adminPage.getByRole('link', { name: t(lang, 'invites:list.create') }).click();
      await textbox(adminPage, t(lang, 'invites:form.title')).fill(title);
      await adminPage.getByRole('switch', { name: t(lang, 'invites:form.approvalRequired') }).check();
      const created = adminPage.waitForResponse((r) => r.url().endsWith(`/api${createInviteCall.path}`));
      await adminPage.getByRole('button', { name: t(lang, 'invites:form.submitCreate') }).click();
      const { inviteId } = (await (await created).json()) as { inviteId: string };
      await expect(adminPage).toHaveURL(/\/admin\/invite$/);
      await expect(adminPage.getByRole('alert').filter({ hasText: t(lang, 'invites:form.created') })).toBeVisible();
      const row = adminPage.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText(t(lang, 'invites:list.approvalRequired'));

      // The invite URL is copied as the member will open it.
      await row.getByRole('button', { name: t(lang, 'invites:list.actions.copy') }).click();
      await expect(adminPage.getByRole('alert').filter({ hasText: t(lang, 'invites:list.actions.copied') })).toBeVisible();
      const url = String(await adminPage.evaluate('navigator.clipboard.readText()'));
      expect(url).toBe(`http://localhost:${basePort()}/join/user/${inviteId}`);

      // A new member registers through the link and waits for approval.
      const memberContext = await browser.newContext();
      const member = await memberContext.newPage();
      const person = { email: `e2e-joiner-${lang}-${Date.now().toString(36)}@example.com`, password: 'joiner-pass-1', name: `Joiner ${lang}` };
      await member.goto(`${new URL(url).pathname}?lang=${lang}`);
      await expect(member.getByRole('heading', { level: 1, name: t(lang, 'invites:join.userTitle', { siteName: team.operator.siteName }) })).toBeVisible();
      await expect(member.getByText(t(lang, 'invites:join.approvalNotice'))).toBeVisible();
      await textbox(member, t(lang, 'invites:join.email')).fill(person.email);
      await passwordInput(member, t(lang, 'invites:join.password')).fill(person.password);
      await passwordInput(member, t(lang, 'invites:join.passwordConfirmation')).fill(person.password);
      await textbox(member, t(lang, 'invites:join.name')).fill(person.name);
      await member.getByRole('button', { name: t(lang, 'invites:join.submit') }).click();
      await expect(member).toHaveURL(new RegExp(`/unapproved/${team.teamId}$`));
      await expect(member.getByRole('heading', { level: 1, name: t(lang, 'invites:unapproved.title') })).toBeVisible();
      await expect(member.getByText(t(lang, 'invites:unapproved.body', { siteName: team.operator.siteName }))).toBeVisible();

      // The member confirms the address through the link mailed to the local SES inbox.
      const link = await verificationLink(person.email);
      await member.goto(`${new URL(link).pathname}${new URL(link).search}&lang=${lang}`);
      await expect(member.getByText(t(lang, 'member:verify.done'))).toBeVisible();

      // Logging in before the approval still ends on the approval page.
      await member.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(member, lang, person.email, person.password);
      await expect(member).toHaveURL(new RegExp(`/unapproved/${team.teamId}$`));

      // The operator approves them from the approval queue.
      await adminPage
        .getByRole('navigation', { name: t(lang, 'admin:nav.label') })
        .getByRole('link', { name: t(lang, 'admin:nav.approvalPendingAllUsers'), exact: true })
        .click();
      const pendingRow = adminPage.getByRole('row').filter({ hasText: person.email });
      await expect(pendingRow).toContainText(title);
      await expect(pendingRow).toContainText(t(lang, 'invites:approval.pending'));
      await pendingRow.getByRole('button', { name: t(lang, 'invites:users.approveUser', { name: person.name }) }).click();
      await expect(adminPage.getByRole('alert').filter({ hasText: t(lang, 'invites:users.approved', { count: 1 }) })).toBeVisible();
      await expect(adminPage.getByText(t(lang, 'invites:users.emptyPending'))).toBeVisible();

      // Now the member logs in to the member home.
      await member.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(member, lang, person.email, person.password);
      await expect(member).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await expect(member.getByRole('heading', { level: 1, name: t(lang, 'member:home.welcome', { name: person.name }) })).toBeVisible();

      // The invitation's own user list shows them approved.
      await adminPage.goto(`/admin/invite/${inviteId}/invited_user`);
      await expect(adminPage.getByRole('row').filter({ hasText: person.email })).toContainText(t(lang, 'invites:approval.approved'));
      await admin.close();
      await memberContext.close();
    });

    test('a full invitation and one past its deadline show the invalid-invite page with the right message', async ({ page, request }) => {
      const team = await registerTeam(request, `inv-bad-${lang}`);
      const full = (await asOperator(request, team, createInviteCall.path, { title: 'Only one', maxRegistrations: 1 })).inviteId as string;
      const joined = await request.post(`/api${joinCall.path}`, {
        data: { inviteId: full, kind: 'user', email: `e2e-first-${lang}-${Date.now()}@example.com`, password: 'first-pass-1', passwordConfirmation: 'first-pass-1', name: 'First' },
      });
      expect(joined.status()).toBe(200);
      const late = (
        await asOperator(request, team, createInviteCall.path, { title: 'Closing soon', maxRegistrations: null, deadline: new Date(Date.now() + 1500).toISOString() })
      ).inviteId as string;

      await page.goto(`/join/user/${full}?lang=${lang}`);
      await expect(page).toHaveURL(/\/invalid_invite_code\/limit_reached$/);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'invites:invalid.title') })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:invite/limit_reached') })).toBeVisible();

      await page.waitForTimeout(1800);
      await page.goto(`/join/user/${late}?lang=${lang}`);
      await expect(page).toHaveURL(/\/invalid_invite_code\/expired$/);
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:invite/expired') })).toBeVisible();

      await page.goto(`/join/user/01NOSUCHINVITE000000000000?lang=${lang}`);
      await expect(page).toHaveURL(/\/invalid_invite_code\/not_found$/);
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:invite/not_found') })).toBeVisible();
    });

    test("an administrator of another team is told so when joining as a member, and joins nothing", async ({ page, request }) => {
      const team = await registerTeam(request, `inv-admin-${lang}`);
      const elsewhere = await registerTeam(request, `inv-admin-other-${lang}`);
      const inviteId = (await asOperator(request, team, createInviteCall.path, { title: 'Members', maxRegistrations: null })).inviteId as string;
      await page.goto(`/join/user/${inviteId}?lang=${lang}`);
      await textbox(page, t(lang, 'invites:join.email')).fill(elsewhere.operator.email);
      await passwordInput(page, t(lang, 'invites:join.password')).fill(elsewhere.operator.password);
      await passwordInput(page, t(lang, 'invites:join.passwordConfirmation')).fill(elsewhere.operator.password);
      await textbox(page, t(lang, 'invites:join.name')).fill('Operator elsewhere');
      await page.getByRole('button', { name: t(lang, 'invites:join.submit') }).click();
      await expect(page.getByText(t(lang, 'errors:auth/admin_of_another_team')).first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/join/user/${inviteId}`));
    });
  });
}
