import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLoginCall } from '../../../shared/api/calls/auth';
import { createInviteCall, joinCall } from '../../../shared/api/calls/invites';
import { memberListCall, type MemberRow } from '../../../shared/api/calls/members';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import { createVideoCall, getVideoCall, listVideosCall, type VideoRow } from '../../../shared/api/calls/videos';
import type { CallDef } from '../../../shared/api/define';
import { operatorInput } from '../support/api';

/**
 * Durability: a platform of its own (ports 3590..3595) takes a stream of acknowledged writes (members joining
 * by invitation: Cognito user + member record + identity link + search rows; videos: record + search rows),
 * is killed with SIGKILL as a whole process group while writes are in flight, and is started again on the same
 * data. Every acknowledged write must be there in full, and every write in flight must be all there or not
 * there at all (no member without its identity link or search rows, no video without its search rows).
 */
const PORT = 3590;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'platform-durability-'));
let child: ChildProcess | undefined;

function start(): Promise<Record<string, string>> {
  const proc = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'test/integration/durability/support/run-platform.ts'], {
    detached: true,
    env: { ...process.env, DURABILITY_PORT: String(PORT), DURABILITY_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`platform did not start: ${out.slice(-2000)}`)), 150_000);
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith('READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('READY '.length)) as Record<string, string>);
      }
    });
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    proc.on('exit', (code) => reject(new Error(`platform exited (${code}): ${out.slice(-2000)}`)));
  });
}

/** SIGKILL to the whole process group: the gateway, DynamoDB Local, cognito-local, SES, workers. */
async function killAll(): Promise<void> {
  const proc = child!;
  const exited = new Promise((r) => proc.once('exit', r));
  process.kill(-proc.pid!, 'SIGKILL');
  await exited;
  // The stand-ins' own children share the group; give the OS a moment to free their ports.
  await new Promise((r) => setTimeout(r, 1500));
}

async function post<T>(def: CallDef, input: Record<string, unknown>, token?: string): Promise<{ status: number; body: T & { error?: { code: string } } }> {
  const res = await fetch(`${base}/api${def.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as T & { error?: { code: string } } };
}

async function signIn(env: Record<string, string>, email: string, password: string): Promise<string | undefined> {
  const res = await fetch(`${base}/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: env.USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken?: string } };
  return body.AuthenticationResult?.AccessToken;
}

const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('durability: SIGKILL of the whole platform mid-write', () => {
  it('keeps every acknowledged write and leaves no half-written item', { timeout: 600_000 }, async () => {
    let env = await start();
    const operator = operatorInput({ siteName: 'Durability Site' });
    const registered = await post<{ teamId: string; userId: string }>(registerOperatorCall, operator);
    expect(registered.status).toBe(200);
    const { teamId, userId } = registered.body;
    let token = (await signIn(env, operator.email, operator.password))!;
    const ctx = () => ({ operatedTeamId: teamId, operatedUserId: userId });
    const invite = await post<{ inviteId: string }>(createInviteCall, { ...ctx(), title: 'Durability', maxRegistrations: null, groupIds: [] }, token);
    expect(invite.status).toBe(200);

    const run = Date.now().toString(36);
    const acked = { videos: [] as Array<{ videoId: string; title: string }>, members: [] as Array<{ email: string; userId: string }> };
    const inFlight = { videos: new Set<string>(), members: new Set<string>() };
    let killed = false;
    let n = 0;
    const videoWorker = async () => {
      while (!killed) {
        const title = `Durable ${run} video ${++n}`;
        inFlight.videos.add(title);
        try {
          const res = await post<{ videoId: string }>(createVideoCall, { ...ctx(), title }, token);
          if (res.status === 200 && !killed) {
            acked.videos.push({ videoId: res.body.videoId, title });
            inFlight.videos.delete(title);
          }
        } catch {
          return; // the platform is gone: this write stays "in flight"
        }
      }
    };
    const joinBody = (email: string, password: string, name: string) => ({
      inviteId: invite.body.inviteId,
      kind: 'user',
      email,
      password,
      passwordConfirmation: password,
      name,
      language: 'en',
    });
    const joinWorker = async () => {
      while (!killed) {
        const email = `durable-${run}-${++n}@example.test`;
        inFlight.members.add(email);
        try {
          const res = await post<{ userId: string }>(joinCall, joinBody(email, 'member-pass-1', `Durable ${n}`));
          if (res.status === 200 && !killed) {
            acked.members.push({ email, userId: res.body.userId });
            inFlight.members.delete(email);
          }
        } catch {
          return;
        }
      }
    };
    const workers = [videoWorker(), videoWorker(), joinWorker(), joinWorker()];
    // Kill once enough writes were acknowledged, while the four workers have requests open.
    while (acked.videos.length < 10 || acked.members.length < 6) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    await killAll();
    await Promise.all(workers);

    env = await start();
    token = (await signIn(env, operator.email, operator.password))!;
    expect(token).toBeTruthy();

    // Every acknowledged video: its record, and its search rows (written in the same transaction).
    for (const { videoId, title } of acked.videos) {
      expect((await post(getVideoCall, { ...ctx(), videoId }, token)).status).toBe(200);
      const found = await post<{ items: VideoRow[] }>(listVideosCall, { ...ctx(), query: title }, token);
      expect(found.body.items.map((v) => v.videoId)).toContain(videoId);
    }
    // Every video in flight: all there (record and search rows) or not at all.
    const listed = await post<{ items: VideoRow[] }>(listVideosCall, { ...ctx(), query: `Durable ${run}`, limit: 100 }, token);
    for (const title of inFlight.videos) {
      const hit = (await post<{ items: VideoRow[] }>(listVideosCall, { ...ctx(), query: title }, token)).body.items.find((v) => v.title === title);
      if (hit) expect((await post(getVideoCall, { ...ctx(), videoId: hit.videoId }, token)).status).toBe(200);
    }
    for (const row of listed.body.items) expect((await post(getVideoCall, { ...ctx(), videoId: row.videoId }, token)).status).toBe(200);

    // Every acknowledged member: can sign in, has the identity link (a member-only account is told "no admin
    // account", not "no team"), the member record, and the search rows.
    const memberState = async (email: string) => {
      const memberToken = await signIn(env, email, 'member-pass-1');
      const link = memberToken ? (await post(adminLoginCall, {}, memberToken)).body.error?.code : undefined;
      const search = await post<{ items: MemberRow[] }>(memberListCall, { ...ctx(), search: email }, token);
      return {
        identity: Boolean(memberToken),
        userId: memberToken ? subOf(memberToken) : undefined,
        linked: link === 'auth/no_admin_account',
        searchable: search.body.items.some((m) => m.email === email),
      };
    };
    for (const { email, userId: memberId } of acked.members) {
      const state = await memberState(email);
      expect(state, email).toEqual({ identity: true, userId: memberId, linked: true, searchable: true });
    }
    // A join in flight: the member record, its identity link and search rows are all there or none is. The Cognito
    // user may be left without them (it is created before the transaction); joining again, even with another
    // password, takes it over (lambdas/core/access/new-identity.ts).
    let retried = 0;
    for (const email of inFlight.members) {
      const state = await memberState(email);
      expect(state.linked, email).toBe(state.searchable);
      if (state.linked) continue;
      const again = await post<{ userId: string }>(joinCall, joinBody(email, 'member-pass-2', 'Durable again'));
      expect(again.status, `${email}: ${JSON.stringify(again.body)}`).toBe(200);
      expect(await signIn(env, email, 'member-pass-2')).toBeTruthy();
      retried++;
    }
    console.log(
      `durability: ${acked.videos.length} videos and ${acked.members.length} members acknowledged before SIGKILL, all kept; ${inFlight.videos.size + inFlight.members.size} writes in flight checked whole or absent, ${retried} interrupted joins joined again`,
    );
  });
});
