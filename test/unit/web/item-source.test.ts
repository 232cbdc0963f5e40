import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api-error';
import { resolveEach } from '../../../web/src/lib/item-source';

describe('resolveEach', () => {
  it('answers the titles found and leaves out the ids the team no longer has (404)', async () => {
    const got = await resolveEach(['a', 'gone', 'b'], async (id) => {
      if (id === 'gone') throw new ApiError(404, 'common/not_found');
      return { id, title: `Title ${id}` };
    });
    expect(got).toEqual([
      { id: 'a', title: 'Title a' },
      { id: 'b', title: 'Title b' },
    ]);
  });

  it('fails on any other error, so the picker says the titles could not be loaded', async () => {
    await expect(
      resolveEach(['a'], async () => {
        throw new ApiError(403, 'common/forbidden');
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
