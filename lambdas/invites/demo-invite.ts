import type { TransactOp } from '../platform/db';
import { putInviteOps } from '../core/entities/invite';

/** The demo team's open invitation (fixed id, so a second start finds it): /join/user/<DEMO_INVITE_ID>. */
export const DEMO_INVITE_ID = '01DEMOINVITE00000000000000';

export function demoInviteOps(teamId: string, createdAt: string): TransactOp[] {
  return putInviteOps(teamId, {
    inviteId: DEMO_INVITE_ID,
    kind: 'user',
    title: 'Demo member invitation',
    maxRegistrations: null,
    registeredCount: 0,
    pendingCount: 0,
    validDays: null,
    groupIds: [],
    approvalRequired: false,
    categories: [],
    nameField: 'required',
    phoneField: 'optional',
    customFieldIds: [],
    prefillFromQuery: false,
    comment: 'Register to watch the demo site.',
    createdAt,
  });
}
