import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { emailSchema } from '../../rules/account';
import { managerPermissions, type ManagerPermission } from '../../permissions';
import type { MemberRow } from './members';

/**
 * SPEC §3/§6 group managers: a member holding, per group, some of analyst, create, read, edit, delete.
 * User managers (and super administrators, who hold every category) name them; a manager then acts only on
 * the groups they manage, each call checking the group on the server (`authorize(ctx, 'manager.*', { groupId })`).
 */
const membersCall = callsOf('members');

export interface ManagerRow {
  userId: string;
  name: string;
  email: string;
  /** groupId -> permissions on that group (never empty lists). */
  managerOf: Record<string, ManagerPermission[]>;
}

/** A group the caller manages, with what they may do in it. */
export interface ManagedGroup {
  groupId: string;
  name: string;
  memberCount: number;
  permissions: ManagerPermission[];
}

/** A manager's groups, each with its permissions; at least one group with at least one permission. */
const managedGroupsSchema = z
  .array(
    z.object({
      groupId: idSchema,
      permissions: z.array(z.enum(managerPermissions, { error: 'validation/invalid_value' })).check(z.maxLength(managerPermissions.length, 'validation/invalid_value')),
    }),
  )
  .check(
    z.maxLength(40, 'validation/invalid_value'),
    z.refine((groups) => groups.some((g) => g.permissions.length > 0), 'validation/required'),
  );
export type ManagedGroupsInput = z.infer<typeof managedGroupsSchema>;

export const groupManagerListInput = z.object({ ...pageInput(20) });
/** The team's group managers with their groups and permissions (one Query on the manager list). */
export const groupManagerListCall = membersCall<typeof groupManagerListInput, Page<ManagerRow>>()('/group/manager/list', 'admin.users', groupManagerListInput);

export const groupManagerGetInput = z.object({ userId: idSchema });
/** A member's groups and permissions (none for a member who manages no group). */
export const groupManagerGetCall = membersCall<typeof groupManagerGetInput, { manager: ManagerRow }>()('/group/manager/get', 'admin.users', groupManagerGetInput);

export const groupManagerCreateInput = z.object({ email: emailSchema, groups: managedGroupsSchema });
/** Makes the team's member with this e-mail a manager of the given groups (an existing manager: `email` is refused). */
export const groupManagerCreateCall = membersCall<typeof groupManagerCreateInput, { manager: ManagerRow }>()('/group/manager/create', 'admin.users', groupManagerCreateInput);

export const groupManagerUpdateInput = z.object({ userId: idSchema, groups: managedGroupsSchema });
/** Replaces a manager's groups and permissions. */
export const groupManagerUpdateCall = membersCall<typeof groupManagerUpdateInput, { manager: ManagerRow }>()('/group/manager/update', 'admin.users', groupManagerUpdateInput);

export const groupManagerDeleteInput = z.object({ userId: idSchema });
/** Takes every group from a manager: they are a plain member (or customer) again. */
export const groupManagerDeleteCall = membersCall<typeof groupManagerDeleteInput, Record<string, never>>()('/group/manager/delete', 'admin.users', groupManagerDeleteInput);

export const managedGroupsInput = z.object({});
/** The caller's own managed groups (only theirs; empty for anyone else). */
export const managedGroupsCall = membersCall<typeof managedGroupsInput, { groups: ManagedGroup[] }>()('/group/managed', 'member', managedGroupsInput);

export const groupMemberAddInput = z.object({ groupId: idSchema, email: emailSchema });
/** A manager holding `create` on the group adds the team's member with this e-mail to it (user managers may too). */
export const groupMemberAddCall = membersCall<typeof groupMemberAddInput, { member: MemberRow }>()('/group/member/add', 'manager.create', groupMemberAddInput);

export const groupMemberRemoveInput = z.object({ groupId: idSchema, userId: idSchema });
/** A manager holding `delete` on the group takes a member out of it (the member stays in the team). */
export const groupMemberRemoveCall = membersCall<typeof groupMemberRemoveInput, Record<string, never>>()('/group/member/remove', 'manager.delete', groupMemberRemoveInput);
