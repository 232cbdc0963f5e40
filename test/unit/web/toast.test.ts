import { beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
const { toast, toastHostWanted } = await import('../../../web/src/lib/toast');

describe('toast (SPEC §8 alert durations)', () => {
  beforeEach(() => show.mockClear());

  it('mounts the toast area with the first toast only', async () => {
    expect(toastHostWanted()).toBe(false);
    toast.success('First');
    expect(toastHostWanted()).toBe(true);
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(1));
  });

  it('keeps a success message for 3 seconds', async () => {
    toast.success('Saved');
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Saved', autoClose: 3000 })));
  });

  it('keeps an error message for 6 seconds', async () => {
    toast.error('Failed');
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed', autoClose: 6000, color: 'red' })));
  });

  it('puts the message in the title when a next step is given', async () => {
    toast.error('Not an administrator', 'Members log in from their site');
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Not an administrator', message: 'Members log in from their site', autoClose: 6000 }),
      ),
    );
  });
});
