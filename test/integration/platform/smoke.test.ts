import '../support/platform-env';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { getPublicInviteCall, listInvitesCall } from '../../../shared/api/calls/invites';
import { memberListCall, memberTabs } from '../../../shared/api/calls/members';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import { listVideosCall } from '../../../shared/api/calls/videos';
import { listObjects } from '../../../lambdas/platform/storage';
import { runSmoke, smokeSteps, type SmokeOptions, type StepReport } from '../../../scripts/smoke/steps';
import { call, inbox, operatorInput, signIn, uniqueEmail } from '../support/api';
import { enrolTotp } from '../auth/support';

const run = promisify(execFile);

/** A new team and its super administrator, registered as on /register (the suite's platform has no demo data). */
async function newOperator(siteName: string) {
  const input = operatorInput({ siteName });
  const res = await call(registerOperatorCall, input);
  expect(res.status).toBe(200);
  const { teamId, userId } = res.body as { teamId: string; userId: string };
  return { teamId, userId, email: input.email, password: input.password };
}

/** The smoke's options against this suite's platform, polling fast (the local worker transcodes in seconds). */
const optionsFor = (who: { email: string; password: string }, extra: Partial<SmokeOptions> = {}): SmokeOptions => ({
  baseUrl: inject('baseUrl'),
  email: who.email,
  password: who.password,
  mailTo: uniqueEmail('smoke-mail'),
  pollMs: 200,
  mailWaitMs: 20_000,
  transcodeTimeoutMs: 150_000,
  ...extra,
});

const statuses = (reports: StepReport[]) => Object.fromEntries(reports.map((r) => [r.step, r.status]));
const detailOf = (reports: StepReport[], step: string) => reports.find((r) => r.step === step)?.detail ?? '';
const stepsWithout = (...names: string[]) => smokeSteps.filter((s) => !names.includes(s.name));

describe('npm run smoke against the local platform', () => {
  it('passes every step, mails the named address, and leaves no video, invitation, member or stored object behind', async () => {
    const operator = await newOperator('Smoke Site');
    const options = optionsFor(operator);
    const reports = await runSmoke(options);

    expect(reports.filter((r) => r.status !== 'ok')).toEqual([]);
    expect(reports.map((r) => r.step)).toEqual(['health', 'config', 'sign-in', 'team', 'mail', 'upload', 'transcode', 'playback', 'cleanup']);
    expect(detailOf(reports, 'health')).toContain('dynamodb up');
    expect(detailOf(reports, 'config')).toContain(`userPoolEndpoint ${inject('baseUrl')}/cognito`);
    expect(detailOf(reports, 'team')).toContain(`"Smoke Site" (${operator.teamId})`);
    expect(detailOf(reports, 'mail')).toContain('delivered');
    expect(detailOf(reports, 'upload')).toContain('ffmpeg test pattern');
    expect(detailOf(reports, 'playback')).toContain('403 without them');

    // The mail reached the local SES inbox, and the link it carries leads nowhere: its invitation is gone.
    const mails = await inbox(options.mailTo);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Smoke test');
    expect(mails[0].body.text).toContain('not a real invitation');
    const inviteId = /\/join\/user\/([0-9A-Z]+)/.exec(mails[0].body.text ?? '')?.[1];
    expect(inviteId).toBeTruthy();
    const join = await call(getPublicInviteCall, { inviteId: inviteId!, kind: 'user' });
    expect(join.status).toBe(404);
    expect(join.body.error?.code).toBe('invite/not_found');

    const token = await signIn(operator.email, operator.password);
    const ctx = { operatedTeamId: operator.teamId, operatedUserId: operator.userId };
    const videos = await call(listVideosCall, { ...ctx }, token);
    expect(videos.body).toMatchObject({ items: [] });
    const invites = await call(listInvitesCall, { ...ctx }, token);
    expect(invites.body).toMatchObject({ items: [] });
    for (const tab of memberTabs) {
      const members = await call(memberListCall, { ...ctx, tab }, token);
      expect(members.body, tab).toMatchObject({ items: [] });
    }
    for (const bucket of ['uploads', 'media'] as const) expect(await listObjects(bucket, `T/${operator.teamId}/videos/`), bucket).toEqual([]);
  }, 240_000);

  it('uploads the generated clip (no ffmpeg) through the local transcoder to playback, signing in with a TOTP code', async () => {
    const operator = await newOperator('Smoke TOTP Site');
    const totpSecret = await enrolTotp(await signIn(operator.email, operator.password));

    const reports = await runSmoke(optionsFor(operator, { totpSecret, clip: 'generated' }), undefined, stepsWithout('health', 'mail'));

    expect(statuses(reports)).toEqual({ config: 'ok', 'sign-in': 'ok', team: 'ok', upload: 'ok', transcode: 'ok', playback: 'ok', cleanup: 'ok' });
    expect(detailOf(reports, 'sign-in')).toContain('USER_PASSWORD_AUTH + TOTP code');
    expect(detailOf(reports, 'upload')).toContain('generated clip (no ffmpeg)');
    expect(detailOf(reports, 'transcode')).toMatch(/2 s long/);
  }, 240_000);

  it('names the missing TOTP secret and skips what needs the sign-in', async () => {
    const operator = await newOperator('Smoke No Secret Site');
    await enrolTotp(await signIn(operator.email, operator.password));

    const reports = await runSmoke(optionsFor(operator), undefined, stepsWithout('health'));

    expect(statuses(reports)).toEqual({
      config: 'ok',
      'sign-in': 'FAILED',
      team: 'skipped',
      mail: 'skipped',
      upload: 'skipped',
      transcode: 'skipped',
      playback: 'skipped',
      cleanup: 'skipped',
    });
    expect(detailOf(reports, 'sign-in')).toContain('set SMOKE_TOTP_SECRET');
    expect(detailOf(reports, 'team')).toBe('sign-in did not pass');
    expect(detailOf(reports, 'cleanup')).toBe('no smoke video was created');
  });

  it('as a command: prints a FAILED line with the status and error code, no stack trace, and exits 1', async () => {
    const operator = await newOperator('Smoke CLI Site');
    const env = { ...process.env, SMOKE_EMAIL: operator.email, SMOKE_PASSWORD: 'not-the-password1', SMOKE_MAIL_TO: uniqueEmail('smoke-cli') };
    const failure = await run('npx', ['tsx', 'scripts/smoke.ts', inject('baseUrl')], { env }).then(
      () => undefined,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

    expect(failure?.code).toBe(1);
    const lines = failure!.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Smoke test of ${inject('baseUrl')} as ${operator.email}`);
    expect(lines.find((l) => l.startsWith('ok      health'))).toBeTruthy();
    expect(lines.find((l) => l.startsWith('FAILED  sign-in'))).toMatch(/\d\.\d\ds {2}InitiateAuth at .*\/cognito answered 400 NotAuthorizedException/);
    expect(lines.find((l) => l.startsWith('skipped upload'))).toBeTruthy();
    expect(lines.at(-1)).toMatch(/^Smoke FAILED \(sign-in\) in /);
    expect(`${failure!.stdout}${failure!.stderr}`).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('as a command: exits 2 naming what is missing from the environment', async () => {
    const env = { ...process.env, SMOKE_EMAIL: '', SMOKE_PASSWORD: '', SMOKE_MAIL_TO: '' };
    const failure = await run('npx', ['tsx', 'scripts/smoke.ts', inject('baseUrl')], { env }).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('Set SMOKE_EMAIL, SMOKE_PASSWORD, SMOKE_MAIL_TO.');
  }, 60_000);
});
