import { describe, expect, it, vi } from 'vitest';
import { retryDropped } from '../../../local/ffmpeg-worker';

const dropped = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

describe('the local worker retries a dropped upload', () => {
  it('tries again after a dropped connection, up to three times', async () => {
    const upload = vi.fn<() => Promise<void>>().mockRejectedValueOnce(dropped()).mockRejectedValueOnce(dropped()).mockResolvedValueOnce();
    await retryDropped(upload);
    expect(upload).toHaveBeenCalledTimes(3);
    const always = vi.fn<() => Promise<void>>().mockRejectedValue(dropped());
    await expect(retryDropped(always)).rejects.toThrow('socket hang up');
    expect(always).toHaveBeenCalledTimes(3);
  });

  it('fails at once on anything else', async () => {
    const upload = vi.fn<() => Promise<void>>().mockRejectedValue(new Error('NoSuchBucket'));
    await expect(retryDropped(upload)).rejects.toThrow('NoSuchBucket');
    expect(upload).toHaveBeenCalledTimes(1);
  });
});
