import * as z from 'zod/mini';
import { defineCall } from '../define';
import { requiredText } from '../../rules/account';
import { idSchema } from '../ids';

export interface GroupRow {
  groupId: string;
  name: string;
  memberCount: number;
  createdAt: string;
}

const permission = 'admin.users';

export const groupListInput = z.object({});
/** SPEC §2 /admin/group. */
export const groupListCall = defineCall<typeof groupListInput, { groups: GroupRow[] }>()({
  path: '/group/list',
  domain: 'members',
  permission,
  input: groupListInput,
});

export const groupGetInput = z.object({ groupId: idSchema });
export const groupGetCall = defineCall<typeof groupGetInput, { group: GroupRow }>()({
  path: '/group/get',
  domain: 'members',
  permission,
  input: groupGetInput,
});

/** SPEC §5: group name required. */
export const groupFieldsSchema = z.object({ name: requiredText(100) });

export const groupCreateInput = groupFieldsSchema;
export const groupCreateCall = defineCall<typeof groupCreateInput, { group: GroupRow }>()({
  path: '/group/create',
  domain: 'members',
  permission,
  input: groupCreateInput,
});

export const groupUpdateInput = z.extend(groupFieldsSchema, { groupId: idSchema });
export const groupUpdateCall = defineCall<typeof groupUpdateInput, { group: GroupRow }>()({
  path: '/group/update',
  domain: 'members',
  permission,
  input: groupUpdateInput,
});

export const groupDeleteInput = z.object({ groupId: idSchema });
/** SPEC §8: a group with members cannot be deleted (`deletion/group_has_members`). */
export const groupDeleteCall = defineCall<typeof groupDeleteInput, Record<string, never>>()({
  path: '/group/delete',
  domain: 'members',
  permission,
  input: groupDeleteInput,
});
