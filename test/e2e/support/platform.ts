import type { AdminCategory } from '../../../shared/permissions';
import { usePlatformEnv } from './ports';

export const DEMO_TEAM_ID = '01DEMOTEAM0000000000000000';

/** The platform's own modules against the running stand-ins (as the integration tests use them). */
export async function platformModules() {
  await usePlatformEnv();
  const [db, identity, teamUser] = await Promise.all([
    import('../../../lambdas/platform/db'),
    import('../../../lambdas/platform/identity'),
    import('../../../lambdas/core/entities/team-user'),
  ]);
  return { db, identity, teamUser };
}

/** A member of the demo team, straight into the stores (no invitation flow). */
export async function newDemoMember(opts: { email: string; password: string; name: string }) {
  const platform = await platformModules();
  const userId = await platform.identity.createIdentity(opts.email, opts.password, opts.name);
  await platform.db.transact(
    platform.teamUser.putTeamUserOps({ teamId: DEMO_TEAM_ID, userId, email: opts.email, name: opts.name, role: 'member', categories: [], disabled: false, createdAt: new Date().toISOString() }),
  );
  return userId;
}

/** A normal administrator of the demo team holding `categories`, straight into the stores (no invitation flow). */
export async function newDemoAdministrator(opts: { email: string; password: string; name: string; categories: AdminCategory[] }) {
  const platform = await platformModules();
  const userId = await platform.identity.createIdentity(opts.email, opts.password, opts.name);
  await platform.db.transact(
    platform.teamUser.putTeamUserOps({
      teamId: DEMO_TEAM_ID,
      userId,
      email: opts.email,
      name: opts.name,
      role: 'admin',
      adminLevel: 'normal',
      categories: opts.categories,
      disabled: false,
      createdAt: new Date().toISOString(),
    }),
  );
  return userId;
}
