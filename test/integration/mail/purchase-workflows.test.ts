import '../support/platform-env';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { workflowCreateCall } from '../../../shared/api/calls/workflows';
import { isGroupMember, putGroupOps } from '../../../lambdas/core/entities/group';
import { transact } from '../../../lambdas/platform/db';
import { advanceScheduler, call, reactionsSettled } from '../support/api';
import { connectedTeam, newPrice, newProduct, subscriber } from '../payments/shop';

/**
 * A workflow on a purchase (SPEC §3 workflows, completedPurchase): Stripe's webhook writes the purchase, which starts
 * the workflows waiting on its product; once the wait is over the buyer is in the group. In assembly mode this is the
 * Stripe webhook function writing the purchase's member event, the mail function reacting to it on the table's stream
 * by scheduling the wait on EventBridge Scheduler's stand-in, and the scheduled-job function doing the action.
 */
describe('a workflow on a completed purchase', () => {
  it('puts the buyer of the product into the group once the wait is over, and nobody before', async () => {
    const { admin } = await connectedTeam('Purchase Flow');
    const product = await newProduct(admin);
    const monthly = await newPrice(admin, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
    const groupId = ulid();
    await transact(putGroupOps({ teamId: admin.teamId, groupId, name: 'Buyers', memberCount: 0, createdAt: new Date().toISOString() }));
    // Other files move the shared scheduler's clock forward: the wait is a day longer than it is ahead.
    const ahead = await advanceScheduler(0);
    const waitDays = Math.ceil(ahead / 86_400) + 1;
    const created = await call(
      workflowCreateCall,
      { ...admin.ctx, title: 'Buyers path', eventType: 'completedPurchase', waitDays, targetIds: [product.id], actions: [{ type: 'joinGroups', groupIds: [groupId] }], enabled: true },
      admin.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const { buyer } = await subscriber(admin, monthly, '4242424242424242');
    // The workflow's start is the mail domain's reaction to the purchase's member event.
    await reactionsSettled();
    await advanceScheduler(3_600);
    expect(await isGroupMember(admin.teamId, groupId, buyer.userId)).toBe(false);

    await advanceScheduler(waitDays * 86_400 - (await advanceScheduler(0)) + 60);
    expect(await isGroupMember(admin.teamId, groupId, buyer.userId)).toBe(true);
  });
});
