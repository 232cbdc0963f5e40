import { adminPathPermission, refusal, type AdminCategory, type Refusal, type Viewer } from '../../../shared/permissions';
import type { Plan } from '../../../shared/constants';

/** What the admin context call tells about the signed-in administrator and their team. */
export interface AdminAccess {
  level: 'super' | 'normal';
  categories: readonly AdminCategory[];
  plan: Plan;
}

export const adminViewer = (a: AdminAccess): Viewer => ({ role: 'admin', adminLevel: a.level, categories: a.categories, plan: a.plan });

/**
 * Why this administrator may not open an admin path (SPEC §8 "no operation authority" or "plan feature
 * restrictions"), from the same permission table the server enforces; undefined when they may, or when no
 * admin area has that path (the router answers not found).
 */
export function pathRefusal(pathname: string, admin: AdminAccess): Refusal | undefined {
  const permission = adminPathPermission(pathname);
  return permission ? refusal(adminViewer(admin), permission) : undefined;
}

/** Menu entries the administrator may open. */
export function visibleEntries<E extends { path: string }>(entries: readonly E[], admin: AdminAccess): E[] {
  return entries.filter((entry) => pathRefusal(entry.path, admin) === undefined);
}
