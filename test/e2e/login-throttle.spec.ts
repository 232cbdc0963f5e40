import { expect, test, type APIRequestContext } from '@playwright/test';
import { t, languages } from './support/i18n';
import { expectFailureShown, logIn } from './support/operator';
import { joinAsMember, registerTeam } from './support/team-api';

/** The same limit as shared/constants.ts LOGIN_FAILURES_PER_ACCOUNT (a value import there would pull the app's modules in). */
const LOGIN_FAILURES_PER_ACCOUNT = 10;

/** Wrong passwords sent the way Amplify sends them: through the gateway's `/cognito` proxy. */
async function failLogins(request: APIRequestContext, email: string) {
  const config = (await (await request.get('/config.json')).json()) as { userPoolClientId: string };
  for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
    const res = await request.post('/cognito', {
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: 'wrong-password-9' } }),
    });
    expect(res.status()).toBe(400);
  }
}

for (const lang of languages) {
  test(`${lang}: after too many wrong passwords the admin and member logins show the attempts limit`, async ({ page, request }) => {
    const team = await registerTeam(request, `throttle-${lang}`);
    const member = await joinAsMember(request, team, `throttle-${lang}`);
    const message = t(lang, 'errors:two_factor/attempts_exceeded');

    await failLogins(request, member.email);
    await page.goto(`/login/${team.teamId}?lang=${lang}`);
    await logIn(page, lang, member.email, member.password);
    await expectFailureShown(page, message);
    await expect(page).toHaveURL(new RegExp(`/login/${team.teamId}`));

    await failLogins(request, team.operator.email);
    await page.goto(`/login?lang=${lang}`);
    await logIn(page, lang, team.operator.email, team.operator.password);
    await expectFailureShown(page, message);
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });
}
