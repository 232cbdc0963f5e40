import { groupContentsCall } from '../../shared/api/calls/groups';
import { implement, teamOf } from '../core/http/implement';
import { listGroupContents } from './group-contents';

/** SPEC §2 /admin/group/:id/edit: what the group's members are given to see. */
export const groupContentCalls = [
  implement(groupContentsCall, async ({ groupId, cursor, limit }, ctx) => listGroupContents(teamOf(ctx).teamId, groupId, { cursor, limit })),
];
