import { adminCategories } from '../shared/permissions';
import { TRIAL_DAYS, TRIAL_UPLOAD_BYTES } from '../shared/constants';
import { ConditionFailedError, transact } from '../lambdas/platform/db';
import { createIdentity, findIdentity } from '../lambdas/platform/identity';
import { demoInviteOps } from '../lambdas/invites/demo-invite';
import { getSiteSettings, putSiteSettings } from '../lambdas/core/entities/site-settings';
import { getTeam, putTeamOp, setTeamTrialEnd } from '../lambdas/core/entities/team';
import { recordActivity } from '../lambdas/core/entities/rollups';
import { putTeamUserOps, type TeamUser } from '../lambdas/core/entities/team-user';
import { seedDemoShop } from './seed-shop';
import { getVideos } from '../lambdas/core/entities/video';
import { seedDemoContents } from './seed-contents';
import { DEMO_PLAYLIST_VIDEO_IDS, seedDemoVideos } from './seed-videos';

/** The demo team's fixed id, so a second start finds what the first one made. */
export const DEMO_TEAM_ID = '01DEMOTEAM0000000000000000';
export const demoLogins = {
  admin: { email: 'admin@demo.example', password: 'demo-password', name: 'Demo Admin' },
  member: { email: 'member@demo.example', password: 'demo-password', name: 'Demo Member' },
} as const;

async function ensureIdentity(login: { email: string; password: string; name: string }): Promise<string> {
  return (await findIdentity(login.email)) ?? (await createIdentity(login.email, login.password, login.name));
}

/** Writes the items unless they are there already; answers whether it wrote them. */
async function putOnce(ops: Parameters<typeof transact>[0]): Promise<boolean> {
  try {
    await transact(ops);
    return true;
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    return false;
  }
}

/** One demo team with a super administrator, a member and a public catalog; safe to run on every start. */
export async function seedDemo(now = new Date()): Promise<void> {
  const createdAt = now.toISOString();
  const adminId = await ensureIdentity(demoLogins.admin);
  const memberId = await ensureIdentity(demoLogins.member);
  const base = { teamId: DEMO_TEAM_ID, disabled: false, createdAt } satisfies Partial<TeamUser>;
  await putOnce([
    putTeamOp({
      teamId: DEMO_TEAM_ID,
      siteName: 'Demo Video Academy',
      companyName: 'Demo Inc.',
      phone: '03-0000-0000',
      language: 'ja',
      plan: 'trial',
      trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
      uploadQuotaBytes: TRIAL_UPLOAD_BYTES,
      createdAt,
    }),
    ...putTeamUserOps({
      ...base,
      userId: adminId,
      email: demoLogins.admin.email,
      name: demoLogins.admin.name,
      role: 'admin',
      adminLevel: 'super',
      categories: [...adminCategories],
    }),
  ]);
  await keepTrialOpen(DEMO_TEAM_ID, now);
  const memberAdded = await putOnce(
    putTeamUserOps({ ...base, userId: memberId, email: demoLogins.member.email, name: demoLogins.member.name, role: 'member', categories: [] }),
  );
  // The demo member is the team's first sign-up (the dashboard's membership trend counts sign-ups as they happen).
  if (memberAdded) await recordActivity({ teamId: DEMO_TEAM_ID, at: now, userId: memberId, counts: { signups: 1 } });
  await putOnce(demoInviteOps(DEMO_TEAM_ID, createdAt));
  // The demo catalog is open (SPEC §2 /catalog/:teamId), unless an administrator has saved settings since.
  const settings = await getSiteSettings(DEMO_TEAM_ID);
  if (!settings.updatedAt) await putSiteSettings({ ...settings, catalogPublic: true, updatedAt: createdAt });
  await seedDemoVideos(DEMO_TEAM_ID, adminId, now, await seedDemoShop(DEMO_TEAM_ID));
  // The playlist holds the demo videos that exist (none when ffmpeg could not make them).
  const videos = await getVideos(DEMO_TEAM_ID, DEMO_PLAYLIST_VIDEO_IDS);
  await seedDemoContents(DEMO_TEAM_ID, videos.map((v) => v.videoId), now);
}

/**
 * The demo is tried again weeks later: while it is still on its trial (no plan chosen), each start gives it a whole
 * trial from now, so it is never found locked. A plan the operator chose is left alone, and a team registered locally
 * goes through the real trial (the seed passes only the demo team).
 */
export async function keepTrialOpen(teamId: string, now: Date): Promise<void> {
  const team = await getTeam(teamId);
  if (team?.plan !== 'trial') return;
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString();
  if (Date.parse(team.trialEndsAt) < Date.parse(trialEndsAt)) await setTeamTrialEnd(teamId, trialEndsAt);
}
