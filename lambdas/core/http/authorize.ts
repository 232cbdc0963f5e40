import { refusal, type PermissionName } from '../../../shared/permissions';
import { AppError } from './app-error';
import { teamOf, type CallContext } from './implement';

/**
 * The per-item check a handler asks (DESIGN §3): may the caller use `permission` on `resource` (a group for
 * manager permissions)? Reads the same table as the middleware; refuses with SPEC §8's "no operation authority"
 * or "plan feature restrictions".
 */
export function authorize(ctx: CallContext, permission: PermissionName, resource: { groupId?: string } = {}): void {
  const refused = refusal(teamOf(ctx), permission, resource);
  if (refused === 'noAuthority') throw new AppError('common/no_operation_authority');
  if (refused === 'plan') throw new AppError('plan/feature_unavailable');
}

/** The same question without throwing, for filtering (e.g. the groups a manager may read). */
export const isAuthorized = (ctx: CallContext, permission: PermissionName, resource: { groupId?: string } = {}): boolean =>
  refusal(teamOf(ctx), permission, resource) === undefined;
