import type { ManagerPermission } from '../../shared/api/calls/members';
import { AppError } from '../http/app-error';
import type { CallContext } from '../http/implement';

type TeamCaller = Pick<NonNullable<CallContext['team']>, 'role' | 'categories' | 'user'>;

/**
 * SPEC §6: who may act on a group's members. User managers (administrators holding `userManager`) may act on
 * every group; a member acts only on the groups their `managerOf` names, with the permission asked for.
 */
export function managerMay(caller: TeamCaller, groupId: string, permission: ManagerPermission): boolean {
  if (caller.role === 'admin') return caller.categories.includes('userManager');
  return caller.user.managerOf?.[groupId]?.includes(permission) ?? false;
}

export function assertManagerMay(caller: TeamCaller, groupId: string, permission: ManagerPermission): void {
  if (!managerMay(caller, groupId, permission)) throw new AppError('common/no_operation_authority');
}
