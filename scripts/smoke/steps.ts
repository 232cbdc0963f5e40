import { setTimeout as delay } from 'node:timers/promises';
import { adminLoginCall } from '../../shared/api/calls/auth';
import { createInviteCall, deleteInviteCall, listInviteMailLogsCall, sendInviteMailCall } from '../../shared/api/calls/invites';
import { getAdminContextCall } from '../../shared/api/calls/teams';
import {
  abortVideoUploadCall,
  completeVideoUploadCall,
  SIGN_PARTS_MAX,
  signVideoPartsCall,
  startVideoUploadCall,
} from '../../shared/api/calls/uploads';
import { createVideoCall, deleteVideoCall, getVideoCall, previewVideoCall } from '../../shared/api/calls/videos';
import { totpCode } from '../../test/support/totp';
import { makeClip, type Clip, type ClipSource } from './clip';
import { answered, ApiFailure, callApi, cognito, CookieJar, jsonOf, request, StepFailure, type Session, type StageConfig } from './http';

/**
 * The post-deploy smoke (`npm run smoke -- <url>`, scripts/smoke.ts): each step is a small function over what the
 * earlier ones found. Nothing it makes outlives the run: the clip's video is private and deleted, the invitation
 * that carries the mail is deleted as soon as it is sent, and no member is created.
 */

export interface SmokeOptions {
  /** The app's origin, e.g. https://app.example.jp. */
  baseUrl: string;
  email: string;
  password: string;
  /** The operator's authenticator secret (base32), when they sign in with a TOTP code. */
  totpSecret?: string;
  /** Where the test mail goes (a verified address while SES is in the sandbox). */
  mailTo: string;
  /** The team to check, when the operator administers several. */
  teamId?: string;
  clip?: ClipSource;
  transcodeTimeoutMs?: number;
  /** How long to wait for the mail's delivery event. */
  mailWaitMs?: number;
  pollMs?: number;
}

/** What the steps found so far: each step reads what it needs and adds what it learnt. */
export interface SmokeState {
  config?: StageConfig;
  session?: Session;
  /** Set as soon as the smoke video exists, so the cleanup runs whatever happens after. */
  videoId?: string;
  videoReady?: boolean;
}

export type StepStatus = 'ok' | 'FAILED' | 'skipped';
export interface StepReport {
  step: string;
  status: StepStatus;
  ms: number;
  detail: string;
}

export interface SmokeStep {
  name: string;
  /** Steps that must have passed first; otherwise this one is skipped. */
  after?: string[];
  /** Runs only when this answers true (else skipped with `whenNot`). */
  when?: (state: SmokeState) => boolean;
  whenNot?: string;
  /** Does the step; answers the line's detail, throws StepFailure for an expected failure. */
  run: (options: SmokeOptions, state: SmokeState) => Promise<string>;
}

const DEFAULTS = { transcodeTimeoutMs: 15 * 60_000, mailWaitMs: 120_000, pollMs: 3000 };
const SMOKE_TITLE = 'Smoke test';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;
const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** GET /api/health: the local gateway's checks of every service. AWS stages have no such route (see the 404 case). */
export async function checkHealth(baseUrl: string): Promise<string> {
  const res = await request(new URL('/api/health', baseUrl).toString(), { headers: { accept: 'application/json' } });
  const body = (await jsonOf(res)) as { status?: string; services?: Record<string, string>; message?: string } | undefined;
  const services = Object.entries(body?.services ?? {});
  if (res.status === 200 && body?.status === 'ok') return `GET /api/health 200: ${services.map(([name, state]) => `${name} ${state}`).join(', ')}`;
  if (res.status === 503 && services.length) {
    throw new StepFailure(`GET /api/health answered 503: ${services.filter(([, s]) => s !== 'up').map(([n]) => n).join(', ')} down`);
  }
  // API Gateway's own 404 ({"message":"Not Found"}) or the platform's common/not_found: the API answered, without the route.
  if (res.status === 404 && body !== undefined) {
    return (
      'no /api/health on this stage (404: the AWS API routes only POST call areas, /api/cognito and the Stripe webhook); ' +
      'the API answered through /api/*, and the steps below reach DynamoDB, Cognito, S3, the transcoder and SES'
    );
  }
  throw new StepFailure(`GET /api/health ${answered(res, body)}`);
}

const CONFIG_FIELDS = ['region', 'userPoolId', 'userPoolClientId', 'userPoolEndpoint', 'apiBase'] as const;

/** GET /config.json as the SPA reads it at boot, its addresses made absolute as web/src/lib/config.ts does. */
export async function readConfig(baseUrl: string): Promise<StageConfig> {
  const res = await request(new URL('/config.json', baseUrl).toString(), { headers: { 'cache-control': 'no-store' } });
  const body = (await jsonOf(res)) as Record<string, unknown> | undefined;
  if (res.status !== 200 || !body) throw new StepFailure(`GET /config.json ${answered(res, body)}`);
  const missing = CONFIG_FIELDS.filter((f) => typeof body[f] !== 'string' || !body[f]);
  if (missing.length) throw new StepFailure(`/config.json lacks ${missing.join(', ')}`);
  const absolute = (url: string) => new URL(url, baseUrl).toString().replace(/\/$/, '');
  const text = (f: (typeof CONFIG_FIELDS)[number]) => body[f] as string;
  return {
    region: text('region'),
    userPoolId: text('userPoolId'),
    userPoolClientId: text('userPoolClientId'),
    userPoolEndpoint: absolute(text('userPoolEndpoint')),
    apiBase: absolute(text('apiBase')),
  };
}

export const describeConfig = (c: StageConfig) =>
  `region ${c.region}, user pool ${c.userPoolId} (client ${c.userPoolClientId}), userPoolEndpoint ${c.userPoolEndpoint}, apiBase ${c.apiBase}`;

interface AuthAnswer {
  AuthenticationResult?: { AccessToken?: string };
  ChallengeName?: string;
  Session?: string;
}

/** USER_PASSWORD_AUTH through `userPoolEndpoint` as Amplify signs in, answering the TOTP challenge when asked. */
export async function signIn(config: StageConfig, who: Pick<SmokeOptions, 'email' | 'password' | 'totpSecret'>): Promise<{ accessToken: string; totp: boolean }> {
  const first = await cognito<AuthAnswer>(config, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: config.userPoolClientId,
    AuthParameters: { USERNAME: who.email.trim(), PASSWORD: who.password },
  });
  if (first.AuthenticationResult?.AccessToken) return { accessToken: first.AuthenticationResult.AccessToken, totp: false };
  if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
    throw new StepFailure(`Cognito asks for ${first.ChallengeName ?? 'nothing usable'}, which the smoke does not answer: sign in once on the web first`);
  }
  if (!who.totpSecret) throw new StepFailure('the operator signs in with a TOTP code: set SMOKE_TOTP_SECRET to their authenticator secret (base32)');
  const second = await cognito<AuthAnswer>(config, 'RespondToAuthChallenge', {
    ClientId: config.userPoolClientId,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: first.Session,
    ChallengeResponses: { USERNAME: who.email.trim(), SOFTWARE_TOKEN_MFA_CODE: totpCode(who.totpSecret) },
  });
  const token = second.AuthenticationResult?.AccessToken;
  if (!token) throw new StepFailure(`RespondToAuthChallenge answered no token (next challenge ${second.ChallengeName ?? 'none'})`);
  return { accessToken: token, totp: true };
}

/**
 * The admin login the web does after signing in (/auth/admin_login: the teams, and the login session a team requiring
 * TOTP checks), then a team call with the team context: /team/get_admin_context, what the admin shell reads first.
 */
export async function openTeam(session: Session, teamId?: string): Promise<string> {
  const { body: login } = await callApi(session, adminLoginCall, {});
  const list = login.teams.map((t) => `${t.teamId} (${t.siteName})`).join(', ');
  const team = teamId ? login.teams.find((t) => t.teamId === teamId) : login.teams.length === 1 ? login.teams[0] : undefined;
  if (!team && teamId) throw new StepFailure(`the operator does not administer team ${teamId}; they administer ${list || 'none'}`);
  if (!team) throw new StepFailure(`the operator administers ${login.teams.length} teams: set SMOKE_TEAM_ID to one of ${list}`);
  if (team.twoFactorNotConfigured) {
    throw new StepFailure(`team ${team.teamId} requires administrators to use TOTP and this one has none: enrol on the web (/two_factor/${team.teamId}?for=admin), then set SMOKE_TOTP_SECRET`);
  }
  session.team = { operatedTeamId: team.teamId, operatedUserId: login.userId };
  const { body: context } = await callApi(session, getAdminContextCall, {});
  if (context.team.gate) throw new StepFailure(`team ${team.teamId} is shut (${context.team.gate}): its administrators are sent to the entry page`);
  return `/auth/admin_login, /team/get_admin_context: "${context.team.siteName}" (${team.teamId}), plan ${context.team.plan}, ${context.admin.level} administrator`;
}

/** What the invitation mail shows its reader, so a person who gets it knows it is not an invitation to take up. */
const SMOKE_INVITE_COMMENT =
  'This is a test mail of the platform (post-deploy smoke test), not a real invitation: it was deleted as soon as this mail was sent, so the link leads nowhere.';

/**
 * There is no "test mail" call; `/invite/send_mail` mails a given address without creating anyone. It needs an
 * invitation: a temporary one (one place, approval required, deadline in 10 minutes, no groups) is created and
 * deleted right after the send, so its link is dead when the mail arrives. Then the invitation mail log is read
 * until SES's delivery event has set the message's status.
 */
export async function sendSmokeMail(session: Session, options: Pick<SmokeOptions, 'mailTo' | 'mailWaitMs' | 'pollMs'>): Promise<string> {
  const { body: created } = await callApi(session, createInviteCall, {
    kind: 'user',
    title: `${SMOKE_TITLE} ${stamp()}`,
    maxRegistrations: 1,
    deadline: new Date(Date.now() + 10 * 60_000).toISOString(),
    validDays: 1,
    approvalRequired: true,
    groupIds: [],
    comment: SMOKE_INVITE_COMMENT,
  });
  let sendError: unknown;
  try {
    await callApi(session, sendInviteMailCall, { inviteId: created.inviteId, emails: [options.mailTo] });
  } catch (e) {
    sendError = e;
  }
  try {
    await callApi(session, deleteInviteCall, { inviteId: created.inviteId });
  } catch (e) {
    const before = sendError instanceof Error ? `${sendError.message}; then ` : '';
    throw new StepFailure(`${before}the temporary invitation ${created.inviteId} could not be deleted (${(e as Error).message}): delete it at /admin/invite`);
  }
  if (sendError) throw sendError;
  const status = await deliveryStatus(session, created.inviteId, options);
  return `/invite/send_mail to ${options.mailTo}: ${status}; the temporary invitation is deleted, no member was created`;
}

async function deliveryStatus(session: Session, inviteId: string, options: Pick<SmokeOptions, 'mailTo' | 'mailWaitMs' | 'pollMs'>): Promise<string> {
  const waitMs = options.mailWaitMs ?? DEFAULTS.mailWaitMs;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { body: page } = await callApi(session, listInviteMailLogsCall, {});
    const row = page.items.find((r) => r.inviteId === inviteId && r.to.toLowerCase() === options.mailTo.toLowerCase());
    if (row?.status === 'delivered') return 'accepted by SES and delivered (delivery event received)';
    if (row?.status === 'bounce' || row?.status === 'dropped') throw new StepFailure(`the mail to ${options.mailTo} was sent and then ${row.status === 'bounce' ? 'bounced' : 'dropped'}`);
    if (Date.now() > deadline) {
      throw new StepFailure(
        `the mail was sent (SES accepted it) but no delivery event came within ${seconds(waitMs)} (status ${row?.status ?? 'not in the invitation mail log'}): check the SES configuration set's event destination, or wait longer with SMOKE_MAIL_WAIT`,
      );
    }
    await delay(options.pollMs ?? DEFAULTS.pollMs);
  }
}

/**
 * The web's upload (web/src/features/videos/upload-video.ts): create a private video, start the multipart upload,
 * sign the part URLs, PUT the parts straight to storage, complete (which starts the transcoder). A failure after the
 * start aborts the upload, as the web does; the cleanup step deletes the video either way.
 */
export async function uploadClip(session: Session, state: SmokeState, clip: Clip): Promise<string> {
  const { body: created } = await callApi(session, createVideoCall, {
    title: `${SMOKE_TITLE} ${stamp()}`,
    overview: 'Uploaded by the post-deploy smoke test (npm run smoke), which deletes it when it ends.',
    status: 'private',
    isPublic: false,
  });
  state.videoId = created.videoId;
  const target = { videoId: created.videoId, versionNumber: created.uploadVersion };
  const { body: started } = await callApi(session, startVideoUploadCall, {
    ...target,
    fileName: 'smoke.mp4',
    contentType: 'video/mp4',
    sizeBytes: clip.bytes.length,
  });
  const ref = { ...target, uploadId: started.uploadId };
  const parts: { partNumber: number; etag: string }[] = [];
  try {
    for (let first = 1; first <= started.partCount; first += SIGN_PARTS_MAX) {
      const partNumbers = Array.from({ length: Math.min(SIGN_PARTS_MAX, started.partCount - first + 1) }, (_, i) => first + i);
      const { body: signed } = await callApi(session, signVideoPartsCall, { ...ref, partNumbers });
      for (const part of signed.parts) {
        // A copy on its own ArrayBuffer: the part's bytes, in the type fetch takes.
        const bytes = new Uint8Array(clip.bytes.subarray((part.partNumber - 1) * started.partSize, part.partNumber * started.partSize));
        const res = await request(part.url, { method: 'PUT', body: bytes });
        const etag = res.headers.get('etag');
        if (!res.ok || !etag) throw new StepFailure(`PUT of part ${part.partNumber} to ${new URL(part.url).origin} answered ${res.status}${etag ? '' : ' without an ETag'}`);
        parts.push({ partNumber: part.partNumber, etag });
      }
    }
    await callApi(session, completeVideoUploadCall, { ...ref, parts });
  } catch (e) {
    await callApi(session, abortVideoUploadCall, ref).catch(() => undefined);
    throw e;
  }
  return `${clip.madeBy === 'ffmpeg' ? 'ffmpeg test pattern' : 'generated clip (no ffmpeg)'}, ${kb(clip.bytes.length)} in ${parts.length} part(s), to private video ${created.videoId}`;
}

/** Polls /video/get until the newest version is ready (or failed, or the time is up). */
export async function waitForTranscode(session: Session, state: SmokeState, options: Pick<SmokeOptions, 'transcodeTimeoutMs' | 'pollMs'>): Promise<string> {
  const videoId = state.videoId!;
  const timeoutMs = options.transcodeTimeoutMs ?? DEFAULTS.transcodeTimeoutMs;
  const started = Date.now();
  for (;;) {
    const { body: video } = await callApi(session, getVideoCall, { videoId });
    if (video.uploadState === 'ready' && video.playback) {
      state.videoReady = true;
      return `ready after ${seconds(Date.now() - started)}: ${video.durationSeconds ?? '?'} s long, version ${video.currentVersion}`;
    }
    if (video.uploadState === 'failed') throw new StepFailure('the transcoder failed the clip (upload state failed): see the transcoder logs (MediaConvert job, or the local ffmpeg worker)');
    if (Date.now() - started > timeoutMs) throw new StepFailure(`still ${video.uploadState} after ${seconds(timeoutMs)} (SMOKE_TRANSCODE_TIMEOUT)`);
    await delay(options.pollMs ?? DEFAULTS.pollMs);
  }
}

const firstUri = (playlist: string) => playlist.split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('#'));

/** GET of one media object with the grant's cookies, as a browser on the watch page sends them. */
async function mediaGet(jar: CookieJar, url: string, what: string): Promise<Uint8Array> {
  const res = await request(url, { headers: { cookie: jar.headerFor(url) } });
  if (res.status !== 200) throw new StepFailure(`the ${what} ${new URL(url).pathname} answered ${res.status} with the playback cookies`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The watch page as the operator sees it (/video/preview, SPEC §2 catalog preview): the playback grant's cookies, then
 * the master playlist, its first variant and that variant's first segment, as hls.js fetches them. The playlist must be
 * refused without the cookies.
 */
export async function checkPlayback(session: Session, state: SmokeState): Promise<string> {
  const { body: preview, res } = await callApi(session, previewVideoCall, { videoId: state.videoId! });
  if (!preview.playback) throw new StepFailure('/video/preview answered no playback grant');
  const jar = new CookieJar();
  jar.take(`${session.config.apiBase}${previewVideoCall.path}`, res);
  if (!jar.size) throw new StepFailure('/video/preview set no playback cookie');
  const masterUrl = new URL(preview.playback.playlistUrl, session.config.apiBase).toString();
  const bare = await request(masterUrl);
  if (bare.status !== 403 && bare.status !== 401) throw new StepFailure(`the playlist ${new URL(masterUrl).pathname} answered ${bare.status} WITHOUT the playback cookies (expected 403)`);
  const master = new TextDecoder().decode(await mediaGet(jar, masterUrl, 'master playlist'));
  const variantUri = firstUri(master);
  if (!master.startsWith('#EXTM3U') || !variantUri) throw new StepFailure(`the master playlist is not an HLS master playlist: ${JSON.stringify(master.slice(0, 80))}`);
  const variantUrl = new URL(variantUri, masterUrl).toString();
  const variant = new TextDecoder().decode(await mediaGet(jar, variantUrl, 'variant playlist'));
  const segmentUri = firstUri(variant);
  if (!segmentUri) throw new StepFailure(`the variant playlist ${variantUri} names no segment`);
  const segment = await mediaGet(jar, new URL(segmentUri, variantUrl).toString(), 'first segment');
  // MPEG-TS packets start with the sync byte 0x47 (the ladder's HLS segments are TS, locally and on MediaConvert).
  if (segment[0] !== 0x47) throw new StepFailure(`the first segment ${segmentUri} is not MPEG-TS (${segment.length} bytes)`);
  const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF')).length;
  return `master playlist (${variants} variant(s)), ${variantUri}, first segment ${kb(segment.length)}, with the grant's ${jar.size} cookie(s); 403 without them`;
}

/** Deletes the smoke video (versions, source and outputs) and checks it is gone. */
export async function deleteSmokeVideo(session: Session, state: SmokeState): Promise<string> {
  const videoId = state.videoId!;
  await callApi(session, deleteVideoCall, { videoId });
  try {
    await callApi(session, getVideoCall, { videoId });
  } catch (e) {
    if (e instanceof ApiFailure && e.code === 'video/not_found') {
      const note = state.videoReady ? '' : ' (deleted before its transcode finished: the transcoder may still write outputs under its prefix)';
      return `video ${videoId} deleted; /video/get answers 404 video/not_found${note}`;
    }
    throw e;
  }
  throw new StepFailure(`video ${videoId} is still there after /video/delete`);
}

const needSession = (state: SmokeState): Session => {
  if (!state.session) throw new StepFailure('not signed in');
  return state.session;
};

/** The steps in order. */
export const smokeSteps: SmokeStep[] = [
  { name: 'health', run: (o) => checkHealth(o.baseUrl) },
  {
    name: 'config',
    run: async (o, s) => {
      s.config = await readConfig(o.baseUrl);
      return describeConfig(s.config);
    },
  },
  {
    name: 'sign-in',
    after: ['config'],
    run: async (o, s) => {
      const { accessToken, totp } = await signIn(s.config!, o);
      s.session = { config: s.config!, accessToken };
      return `${o.email} through ${s.config!.userPoolEndpoint} (USER_PASSWORD_AUTH${totp ? ' + TOTP code' : ''})`;
    },
  },
  { name: 'team', after: ['sign-in'], run: (o, s) => openTeam(needSession(s), o.teamId) },
  { name: 'mail', after: ['team'], run: (o, s) => sendSmokeMail(needSession(s), o) },
  { name: 'upload', after: ['team'], run: async (o, s) => uploadClip(needSession(s), s, await makeClip(o.clip)) },
  { name: 'transcode', after: ['upload'], run: (o, s) => waitForTranscode(needSession(s), s, o) },
  { name: 'playback', after: ['transcode'], run: (_o, s) => checkPlayback(needSession(s), s) },
  {
    name: 'cleanup',
    when: (s) => !!s.videoId && !!s.session,
    whenNot: 'no smoke video was created',
    run: (_o, s) => deleteSmokeVideo(needSession(s), s),
  },
];

/** Runs the steps in order, reporting each as it ends; an unexpected error is reported by its message only. */
export async function runSmoke(options: SmokeOptions, onStep: (report: StepReport) => void = () => undefined, steps = smokeSteps): Promise<StepReport[]> {
  const state: SmokeState = {};
  const reports: StepReport[] = [];
  const passed = new Set<string>();
  for (const step of steps) {
    const blocker = step.after?.find((name) => !passed.has(name));
    const skipWhy = blocker ? `${blocker} did not pass` : step.when && !step.when(state) ? (step.whenNot ?? 'not needed') : undefined;
    let report: StepReport;
    if (skipWhy) {
      report = { step: step.name, status: 'skipped', ms: 0, detail: skipWhy };
    } else {
      const started = Date.now();
      try {
        const detail = await step.run(options, state);
        passed.add(step.name);
        report = { step: step.name, status: 'ok', ms: Date.now() - started, detail };
      } catch (e) {
        const detail = e instanceof StepFailure ? e.message : `unexpected error: ${(e as Error)?.message ?? String(e)}`;
        report = { step: step.name, status: 'FAILED', ms: Date.now() - started, detail };
      }
    }
    reports.push(report);
    onStep(report);
  }
  return reports;
}

/** One line of the smoke's output: status, step, time, what it saw. */
export const formatReport = (r: StepReport) => `${r.status.padEnd(7)} ${r.step.padEnd(9)} ${`${(r.ms / 1000).toFixed(2)}s`.padStart(7)}  ${r.detail}`;
