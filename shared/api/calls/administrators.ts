import * as z from 'zod/mini';
import { callsOf } from '../define';
import { pageInput, type Page } from '../page';
import { adminCategories, type AdminCategory } from '../../permissions';
import { idSchema } from '../ids';

const membersCall = callsOf('members');

export type AdminLevel = 'super' | 'normal';

export interface AdministratorRow {
  userId: string;
  name: string;
  email: string;
  level: AdminLevel;
  categories: AdminCategory[];
  createdAt: string;
}

export interface AdminLogEntry {
  logId: string;
  at: string;
  actor: { userId: string; name: string };
  target: { userId: string; name: string; email: string };
  action: 'permissionsChanged' | 'deleted';
  before: { level: AdminLevel; categories: AdminCategory[] };
  after?: { level: AdminLevel; categories: AdminCategory[] };
}

/** SPEC §6: administrators and their log are site-manager areas. */
const permission = 'admin.site';

export const administratorListInput = z.object({});
export const administratorListCall = membersCall<typeof administratorListInput, { administrators: AdministratorRow[] }>()('/administrator/list', permission, administratorListInput);

export const administratorPermissionsSchema = z.object({
  level: z.enum(['super', 'normal'], { error: 'validation/invalid_value' }),
  categories: z.array(z.enum(adminCategories, { error: 'validation/invalid_value' })).check(z.maxLength(adminCategories.length)),
});

export const administratorUpdateInput = z.extend(administratorPermissionsSchema, { userId: idSchema });
/**
 * SPEC §6: nobody changes their own permissions (`administrator/own_permissions`); no change may leave the
 * team without a site manager (`administrator/site_manager_required`; a super administrator counts).
 */
export const administratorUpdateCall = membersCall<typeof administratorUpdateInput, { administrator: AdministratorRow }>()('/administrator/update_permissions', permission, administratorUpdateInput);

export const administratorDeleteInput = z.object({ userId: idSchema });
/** SPEC §6/§8: the last administrator cannot be deleted; nor may the last site manager be. */
export const administratorDeleteCall = membersCall<typeof administratorDeleteInput, Record<string, never>>()('/administrator/delete', permission, administratorDeleteInput);

export const administratorLogInput = z.object({ ...pageInput(20) });
/** SPEC §2 /admin/general_setting/administrator/log: who changed what and when, newest first. */
export const administratorLogCall = membersCall<typeof administratorLogInput, Page<AdminLogEntry>>()('/administrator/log', permission, administratorLogInput);
