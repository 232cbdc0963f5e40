import { beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
const { toast } = await import('../../../web/src/lib/toast');

describe('toast (SPEC §8 alert durations)', () => {
  beforeEach(() => show.mockClear());

  it('keeps a success message for 3 seconds', () => {
    toast.success('Saved');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Saved', autoClose: 3000 }));
  });

  it('keeps an error message for 6 seconds', () => {
    toast.error('Failed');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed', autoClose: 6000, color: 'red' }));
  });

  it('puts the message in the title when a next step is given', () => {
    toast.error('Not an administrator', 'Members log in from their site');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Not an administrator', message: 'Members log in from their site', autoClose: 6000 }),
    );
  });
});
