import type { AdministratorRow, AdminLevel } from '../../shared/api/calls/administrators';
import { adminCategories, heldCategories, type AdminCategory } from '../../shared/permissions';
import type { ErrorCode } from '../../shared/errors';
import { AppError } from '../core/http/app-error';
import { transact } from '../platform/db';
import { getTeamUser, listTeamUsers, saveTeamUserOps, teamUserUnchangedOp, type TeamUser } from '../core/entities/team-user';
import { putAdminLogOp } from './admin-log';
import { removeFromTeam } from './remove-person';
import { retryOnConflict } from '../core/conditional-write';

export interface AdminPermissions {
  level: AdminLevel;
  categories: AdminCategory[];
}

/** SPEC §6: a super administrator holds every category, so counts as a site manager. */
/** Holds the site-manager category (a super administrator holds every one), as the permission table counts it. */
export const isSiteManager = (p: AdminPermissions): boolean =>
  heldCategories({ adminLevel: p.level, categories: p.categories }).includes('siteManager');

const permissionsOf = (u: TeamUser): AdminPermissions => ({ level: u.adminLevel ?? 'normal', categories: u.categories });

/** SPEC §6 rules for changing an administrator's permissions; answers the refusal's code or undefined. */
export function checkPermissionChange(
  actorId: string,
  admins: readonly (AdminPermissions & { userId: string })[],
  targetId: string,
  next: AdminPermissions,
): ErrorCode | undefined {
  if (actorId === targetId) return 'administrator/own_permissions';
  const after = admins.map((a) => (a.userId === targetId ? { ...a, ...next } : a));
  if (!after.some(isSiteManager)) return 'administrator/site_manager_required';
  return undefined;
}

/** SPEC §6/§8 rules for removing an administrator from the team. */
export function checkAdministratorRemoval(
  admins: readonly (AdminPermissions & { userId: string })[],
  targetId: string,
): ErrorCode | undefined {
  const rest = admins.filter((a) => a.userId !== targetId);
  if (rest.length === 0) return 'deletion/last_administrator';
  if (!rest.some(isSiteManager)) return 'administrator/site_manager_required';
  return undefined;
}

export const toAdministratorRow = (u: TeamUser): AdministratorRow => ({
  userId: u.userId,
  name: u.name,
  email: u.email,
  level: u.adminLevel ?? 'normal',
  categories: u.categories,
  createdAt: u.createdAt,
});

/** Every administrator of the team (the admin list: a handful; one Query per 100). */
export async function listAdministrators(teamId: string): Promise<TeamUser[]> {
  const out: TeamUser[] = [];
  let cursor: string | undefined;
  do {
    const page = await listTeamUsers(teamId, 'admin', { sort: 'created', order: 'asc', limit: 100, cursor });
    out.push(...page.users);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/**
 * Reads the administrators consistently (the list index may lag): each record is re-read from the table.
 * The write then checks every one of them is unchanged, so the rule's decision and the change are atomic.
 */
async function currentAdministrators(teamId: string): Promise<TeamUser[]> {
  const listed = await listAdministrators(teamId);
  const fresh = await Promise.all(listed.map((a) => getTeamUser(teamId, a.userId, true)));
  return fresh.filter((a): a is TeamUser => a?.role === 'admin');
}

const withRetry = <T>(work: () => Promise<T>): Promise<T> => retryOnConflict(work, 3);

export async function updateAdministratorPermissions(
  actor: TeamUser,
  targetId: string,
  next: AdminPermissions,
  now = new Date(),
): Promise<TeamUser> {
  const teamId = actor.teamId;
  return withRetry(async () => {
    const admins = await currentAdministrators(teamId);
    const target = admins.find((a) => a.userId === targetId);
    if (!target) throw new AppError('common/no_user');
    const refusal = checkPermissionChange(
      actor.userId,
      admins.map((a) => ({ userId: a.userId, ...permissionsOf(a) })),
      targetId,
      next,
    );
    if (refusal) throw new AppError(refusal);
    const categories = next.level === 'super' ? [...adminCategories] : [...new Set(next.categories)];
    const at = now.toISOString();
    const after: TeamUser = { ...target, adminLevel: next.level, categories, updatedAt: at };
    await transact([
      ...saveTeamUserOps(target, after),
      ...admins.filter((a) => a.userId !== targetId).map(teamUserUnchangedOp),
      putAdminLogOp(teamId, {
        at,
        actor: { userId: actor.userId, name: actor.name },
        target: { userId: target.userId, name: target.name, email: target.email },
        action: 'permissionsChanged',
        before: permissionsOf(target),
        after: { level: next.level, categories },
      }),
    ]);
    return after;
  });
}

export async function deleteAdministrator(actor: TeamUser, targetId: string, now = new Date()): Promise<void> {
  // Leaving the team oneself is account deletion (the profile page), not an administrator change.
  if (actor.userId === targetId) throw new AppError('administrator/own_permissions');
  const teamId = actor.teamId;
  await withRetry(async () => {
    const admins = await currentAdministrators(teamId);
    const target = admins.find((a) => a.userId === targetId);
    if (!target) throw new AppError('common/no_user');
    const refusal = checkAdministratorRemoval(
      admins.map((a) => ({ userId: a.userId, ...permissionsOf(a) })),
      targetId,
    );
    if (refusal) throw new AppError(refusal);
    const at = now.toISOString();
    await removeFromTeam(target, at, [
      ...admins.filter((a) => a.userId !== targetId).map(teamUserUnchangedOp),
      putAdminLogOp(teamId, {
        at,
        actor: { userId: actor.userId, name: actor.name },
        target: { userId: target.userId, name: target.name, email: target.email },
        action: 'deleted',
        before: permissionsOf(target),
      }),
    ]);
  });
}
