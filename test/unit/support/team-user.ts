import type { TeamUser } from '../../../lambdas/core/entities/team-user';

/** A plain member of team T1, with `fields` over it: the domain rules' tests build their users from it. */
export const teamUser = (fields: Partial<TeamUser> = {}): TeamUser => ({
  teamId: 'T1',
  userId: 'U1',
  email: 'm@example.test',
  name: 'Member',
  role: 'member',
  categories: [],
  disabled: false,
  createdAt: '2025-01-01T00:00:00Z',
  ...fields,
});
