import { ulid } from 'ulid';
import type { GroupRow } from '../../shared/api/calls/groups';
import { AppError } from '../core/http/app-error';
import { ConditionFailedError, transact } from '../platform/db';
import { deleteGroupOps, getGroup, listGroups, putGroupOps, renameGroupOps, type Group } from '../core/entities/group';

const toRow = (g: Group): GroupRow => ({ groupId: g.groupId, name: g.name, memberCount: g.memberCount, createdAt: g.createdAt });

export async function listGroupRows(teamId: string): Promise<GroupRow[]> {
  return (await listGroups(teamId)).map(toRow);
}

export async function getGroupRow(teamId: string, groupId: string): Promise<GroupRow> {
  const group = await getGroup(teamId, groupId, true);
  if (!group) throw new AppError('common/not_found');
  return toRow(group);
}

export async function createGroup(teamId: string, name: string, now = new Date()): Promise<GroupRow> {
  const group: Group = { teamId, groupId: ulid(now.getTime()), name, memberCount: 0, createdAt: now.toISOString() };
  await transact(putGroupOps(group));
  return toRow(group);
}

export async function renameGroup(teamId: string, groupId: string, name: string, now = new Date()): Promise<GroupRow> {
  try {
    await transact(renameGroupOps(teamId, groupId, name, now.toISOString()));
  } catch (e) {
    if (e instanceof ConditionFailedError) throw new AppError('common/not_found');
    throw e;
  }
  return getGroupRow(teamId, groupId);
}

/** SPEC §8: a group with members cannot be deleted; the check and the delete are one conditional write. */
export async function deleteGroup(teamId: string, groupId: string): Promise<void> {
  try {
    await transact(deleteGroupOps(teamId, groupId));
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    throw new AppError((await getGroup(teamId, groupId, true)) ? 'deletion/group_has_members' : 'common/not_found');
  }
}
