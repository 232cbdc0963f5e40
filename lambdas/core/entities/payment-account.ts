import { getItem, type Item, type TransactOp } from '../../platform/db';
import { assertId, globalKey } from '../../platform/keys';

/**
 * The global lookup from a connected Stripe account to its team (ids only): a Connect webhook names the
 * account, and this is how it finds the team. The team's own record holds the account (lambdas/core/entities/team.ts).
 */
const key = (accountId: string) => ({ pk: globalKey('STRIPE_ACCOUNT', assertId(accountId, 'accountId')), sk: 'ACCOUNT' });

export const putAccountLookupOp = (accountId: string, teamId: string): TransactOp => ({
  put: { ...key(accountId), type: 'stripeAccount', teamId },
  ifNotExists: true,
});

export const deleteAccountLookupOp = (accountId: string): TransactOp => ({ delete: key(accountId) });

export async function teamOfAccount(accountId: string): Promise<string | undefined> {
  const item = await getItem<Item & { teamId: string }>(key(accountId));
  return item?.teamId;
}
