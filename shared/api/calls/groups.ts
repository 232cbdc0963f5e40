import * as z from 'zod/mini';
import { callsOf } from '../define';
import { requiredText } from '../../rules/account';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import type { ContentType } from '../../content-types';

const membersCall = callsOf('members');

export interface GroupRow {
  groupId: string;
  name: string;
  memberCount: number;
  createdAt: string;
}

const permission = 'admin.users';

export const groupListInput = z.object({});
/** SPEC §2 /admin/group. */
export const groupListCall = membersCall<typeof groupListInput, { groups: GroupRow[] }>()('/group/list', permission, groupListInput);

export const groupGetInput = z.object({ groupId: idSchema });
export const groupGetCall = membersCall<typeof groupGetInput, { group: GroupRow }>()('/group/get', permission, groupGetInput);

/** SPEC §5: group name required. */
export const groupFieldsSchema = z.object({ name: requiredText(100) });

export const groupCreateInput = groupFieldsSchema;
export const groupCreateCall = membersCall<typeof groupCreateInput, { group: GroupRow }>()('/group/create', permission, groupCreateInput);

export const groupUpdateInput = z.extend(groupFieldsSchema, { groupId: idSchema });
export const groupUpdateCall = membersCall<typeof groupUpdateInput, { group: GroupRow }>()('/group/update', permission, groupUpdateInput);

export const groupDeleteInput = z.object({ groupId: idSchema });
/** SPEC §8: a group with members cannot be deleted (`deletion/group_has_members`). */
export const groupDeleteCall = membersCall<typeof groupDeleteInput, Record<string, never>>()('/group/delete', permission, groupDeleteInput);

/**
 * SPEC §3 Group "viewable videos": one row per content item limited to the group that members see listed (published
 * now, scheduled or in a period; not private, not hidden from lists, and for a video one with a playable version),
 * newest release first. Items open to every member are not listed here (no group limits them).
 */
export interface GroupContentRow {
  contentType: ContentType;
  id: string;
  title: string;
  releasedAt?: string;
  createdAt: string;
  /** A publication period, when the item has one (it is listed to members only within it). */
  publicationPeriod?: { start: string; end: string };
}

export const groupContentsInput = z.object({ groupId: idSchema, ...pageInput() });
/** A group's content, paged (`/admin/group/:id/edit`). An unknown group (or another team's) is 404 `common/not_found`. */
export const groupContentsCall = membersCall<typeof groupContentsInput, Page<GroupContentRow>>()('/group/contents', permission, groupContentsInput);
