import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api-error';
import { matchingTitle, resolveEach } from '../../../web/src/lib/item-source';

describe('matchingTitle', () => {
  const items = [{ title: 'Onboarding Feedback' }, { title: 'Ｑｕａｒｔｅｒｌｙ poll' }, { title: 'アンケート 春' }];

  it('keeps every item for an empty text, in their order', () => {
    expect(matchingTitle(items, '')).toEqual(items);
  });

  it('matches part of a title, ignoring case and full/half width', () => {
    expect(matchingTitle(items, 'feedback')).toEqual([items[0]]);
    expect(matchingTitle(items, 'quarterly')).toEqual([items[1]]);
    expect(matchingTitle(items, '春')).toEqual([items[2]]);
    expect(matchingTitle(items, 'nothing')).toEqual([]);
  });
});

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
