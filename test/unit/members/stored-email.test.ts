import { describe, expect, it } from 'vitest';
import type { TransactOp } from '../../../lambdas/platform/db';
import { putTeamUserOps, saveTeamUserOps, type TeamUser } from '../../../lambdas/core/entities/team-user';

/** A team user's record is stored with its address in the one form (shared/rules/email.ts), whoever wrote it. */
const user: TeamUser = {
  teamId: '01TEAM0000000000000000000A',
  userId: 'sub-0001',
  email: ' Acc.Cap@Example.com',
  name: 'Acc Cap',
  role: 'member',
  categories: [],
  disabled: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const puts = (ops: TransactOp[]) => ops.flatMap((op) => ('put' in op ? [op.put] : []));
const record = (ops: TransactOp[]) => puts(ops).find((item) => item.type === 'teamUser');
const searchKeys = (ops: TransactOp[]) => puts(ops).filter((item) => item.type === 'userSearch').map((item) => item.sk as string);

describe('team user records keep one e-mail form', () => {
  it('a new record and its e-mail search item hold the normalized address', () => {
    const ops = putTeamUserOps(user);
    expect(record(ops)?.email).toBe('acc.cap@example.com');
    expect(searchKeys(ops)).toContain('acc.cap@example.com#sub-0001');
    expect(puts(ops).filter((item) => item.type === 'userSearch').every((item) => item.email === 'acc.cap@example.com')).toBe(true);
  });

  it('a rewrite normalizes too, and leaves no search item under a differently cased address', () => {
    const before = { ...user, email: 'acc.cap@example.com', version: 1 };
    const ops = saveTeamUserOps(before, { ...before, email: 'ACC.CAP@EXAMPLE.COM' });
    expect(record(ops)?.email).toBe('acc.cap@example.com');
    expect(ops.filter((op) => 'delete' in op)).toEqual([]);
    expect(searchKeys(ops)).toContain('acc.cap@example.com#sub-0001');
  });
});
