import { transact, type TransactOp } from '../platform/db';

const isConflict = (e: unknown) =>
  e instanceof Error &&
  e.name === 'TransactionCanceledException' &&
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');

/**
 * A transaction retried while DynamoDB cancels it for a concurrent transaction on the same item (two
 * people joining at once): the retry then meets the other's outcome through its own conditions.
 */
export async function transactWithRetry(ops: TransactOp[], attempts = 6): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await transact(ops);
      return;
    } catch (e) {
      if (!isConflict(e) || attempt >= attempts) throw e;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}
