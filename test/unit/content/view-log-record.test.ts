import { describe, expect, it, vi } from 'vitest';
import type { CallContext } from '../../../lambdas/core/http/implement';

/** What the mocked entity's write does: record its arguments, then succeed or fail. */
const store = vi.hoisted(() => ({ calls: [] as unknown[][], failure: undefined as Error | undefined }));
vi.mock('../../../lambdas/content/view-log/view-log', () => ({
  putViewLogEntry: async (...args: unknown[]) => {
    store.calls.push(args);
    if (store.failure) throw store.failure;
  },
  listViewLog: async () => ({ items: [] }),
}));

const { recordView } = await import('../../../lambdas/content/view-log/view-log-service');

const logged: unknown[][] = [];
const ctx = { requestId: 'r', sourceIp: '', logger: { error: (...args: unknown[]) => logged.push(args) } } as unknown as CallContext;
const now = new Date('2026-01-02T03:04:05.000Z');

/** The viewing history must never fail the page that views (SPEC §2 view_log): a failed write is only logged. */
describe('recordView', () => {
  it('writes the member view', async () => {
    store.failure = undefined;
    await recordView(ctx, 'TEAM1', 'USER1', 'article', 'ITEM1', now);
    expect(store.calls.at(-1)).toEqual(['TEAM1', 'USER1', 'article', 'ITEM1', now]);
    expect(logged).toEqual([]);
  });

  it('logs a failed write and resolves, so the page answers anyway', async () => {
    store.failure = new Error('table unavailable');
    await expect(recordView(ctx, 'TEAM1', 'USER1', 'video', 'VIDEO1', now)).resolves.toBeUndefined();
    expect(store.calls.at(-1)).toEqual(['TEAM1', 'USER1', 'video', 'VIDEO1', now]);
    expect(logged).toEqual([['view log not recorded', { type: 'video', id: 'VIDEO1', error: store.failure }]]);
  });
});
