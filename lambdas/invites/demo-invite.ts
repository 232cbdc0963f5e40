import type { TransactOp } from '../platform/db';
import { memberInvite, putInviteOps } from '../core/entities/invite';

/** The demo team's open invitation (fixed id, so a second start finds it): /join/user/<DEMO_INVITE_ID>. */
export const DEMO_INVITE_ID = '01DEMOINVITE00000000000000';

export function demoInviteOps(teamId: string, createdAt: string): TransactOp[] {
  return putInviteOps(
    teamId,
    memberInvite({ inviteId: DEMO_INVITE_ID, title: 'Demo member invitation', phoneField: 'optional', comment: 'Register to watch the demo site.', createdAt }),
  );
}
