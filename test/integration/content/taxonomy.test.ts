import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { taxonomyCallSets, type TaxonomyItem } from '../../../shared/api/calls/categories';
import { createVideoCall, deleteVideoCall, getVideoCall, updateVideoCall, type Video } from '../../../shared/api/calls/videos';
import { call } from '../support/api';
import { newOperator, newPerson, type Caller } from './people';

const kinds = [
  {
    kind: 'category',
    calls: taxonomyCallSets.category,
    inUse: 'deletion/category_in_use',
    notFound: 'common/not_found',
    ref: (id: string) => ({ categoryId: id }),
  },
  {
    kind: 'tag',
    calls: taxonomyCallSets.tag,
    inUse: 'deletion/tag_in_use',
    notFound: 'common/not_found',
    ref: (id: string) => ({ tagIds: [id] }),
  },
  {
    kind: 'creator',
    calls: taxonomyCallSets.creator,
    inUse: 'deletion/creator_in_use',
    notFound: 'creator/not_found',
    ref: (id: string) => ({ creatorId: id }),
  },
] as const;

let alpha: Caller;
let beta: Caller;
let member: Caller;
let analyst: Caller;
let contentsManager: Caller;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha'), newOperator('Beta')]);
  [member, analyst, contentsManager] = await Promise.all([
    newPerson(alpha.teamId, 'member'),
    newPerson(alpha.teamId, 'admin', ['analyst']),
    newPerson(alpha.teamId, 'admin', ['contentsManager']),
  ]);
});

const create = async (who: Caller, def: (typeof kinds)[number]['calls']['create'], input: Record<string, unknown>) => {
  const res = await call(def, { ...who.ctx, ...input }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { id: string }).id;
};

describe.each(kinds)('/$kind/*', ({ kind, calls, inUse, notFound, ref }) => {
  it('creates, reads, lists in sort number order, updates and deletes', async () => {
    const b = await create(alpha, calls.create, { name: `${kind} B`, sortNumber: 2, ...(kind === 'creator' ? { profile: 'Films.' } : {}) });
    const a = await create(contentsManager, calls.create, { name: `${kind} A`, sortNumber: 1 });
    const got = await call(calls.get, { ...alpha.ctx, id: b }, alpha.token);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: b, kind, name: `${kind} B`, sortNumber: 2, usageCount: 0, ...(kind === 'creator' ? { profile: 'Films.' } : {}) });

    const first = await call(calls.list, { ...alpha.ctx, limit: 1 }, alpha.token);
    const page1 = first.body as { items: TaxonomyItem[]; nextCursor?: string };
    expect(page1.items.map((i) => i.id)).toEqual([a]);
    const second = await call(calls.list, { ...alpha.ctx, limit: 1, cursor: page1.nextCursor }, alpha.token);
    expect((second.body as { items: TaxonomyItem[] }).items.map((i) => i.id)).toEqual([b]);

    const updated = await call(calls.update, { ...alpha.ctx, id: a, name: `${kind} A2`, sortNumber: 5 }, alpha.token);
    expect(updated.status).toBe(200);
    const all = await call(calls.list, alpha.ctx, alpha.token);
    expect((all.body as { items: TaxonomyItem[] }).items.map((i) => [i.id, i.name])).toEqual([
      [b, `${kind} B`],
      [a, `${kind} A2`],
    ]);

    expect((await call(calls.remove, { ...alpha.ctx, id: a }, alpha.token)).status).toBe(200);
    const gone = await call(calls.get, { ...alpha.ctx, id: a }, alpha.token);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.code).toBe(notFound);
  });

  it('answers 400 naming the field', async () => {
    const empty = await call(calls.create, { ...alpha.ctx, name: '  ' }, alpha.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({ name: 'validation/required' });
    const sort = await call(calls.create, { ...alpha.ctx, name: 'x', sortNumber: 1.5 }, alpha.token);
    expect(sort.body.error?.fields).toEqual({ sortNumber: 'validation/not_integer' });
    const thumb = await call(calls.create, { ...alpha.ctx, name: 'x', thumbnailKey: `T/${beta.teamId}/files/thumbnail/X.jpg` }, alpha.token);
    expect(thumb.status).toBe(400);
    expect(thumb.body.error?.fields).toEqual({ thumbnailKey: 'validation/invalid_value' });
    const cursor = await call(calls.list, { ...alpha.ctx, cursor: 'bm90LWEtY3Vyc29y' }, alpha.token);
    expect(cursor.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });

  it('answers 403 to a member and to an administrator without contentsManager', async () => {
    for (const who of [member, analyst]) {
      expect((await call(calls.list, who.ctx, who.token)).status).toBe(403);
      expect((await call(calls.create, { ...who.ctx, name: 'nope' }, who.token)).status).toBe(403);
    }
    const list = await call(calls.list, alpha.ctx, alpha.token);
    expect(JSON.stringify(list.body)).not.toContain('nope');
  });

  it("answers 404 for another team's id and changes nothing of it", async () => {
    const theirs = await create(beta, calls.create, { name: `beta ${kind}` });
    expect((await call(calls.get, { ...alpha.ctx, id: theirs }, alpha.token)).status).toBe(404);
    expect((await call(calls.update, { ...alpha.ctx, id: theirs, name: 'hijacked' }, alpha.token)).status).toBe(404);
    expect((await call(calls.remove, { ...alpha.ctx, id: theirs }, alpha.token)).status).toBe(404);
    const still = await call(calls.get, { ...beta.ctx, id: theirs }, beta.token);
    expect(still.body).toMatchObject({ name: `beta ${kind}` });
    // A cursor of another team's list is refused.
    const page = await call(calls.list, { ...beta.ctx, limit: 1 }, beta.token);
    const foreign = (page.body as { nextCursor?: string }).nextCursor;
    const refused = await call(calls.list, { ...alpha.ctx, cursor: foreign ?? Buffer.from(JSON.stringify({ pk: `T#${beta.teamId}#X`, sk: 'I#1' })).toString('base64url') }, alpha.token);
    expect(refused.status).toBe(400);
  });

  it('keeps the usage count exact under concurrent video writes and refuses deleting one in use', async () => {
    const id = await create(alpha, calls.create, { name: `${kind} used` });
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(createVideoCall, { ...alpha.ctx, title: `Counted ${i}`, ...ref(id) }, alpha.token)),
    );
    expect(created.map((r) => r.status)).toEqual(Array(6).fill(200));
    const ids = created.map((r) => (r.body as { videoId: string }).videoId);
    expect((await call(calls.get, { ...alpha.ctx, id }, alpha.token)).body).toMatchObject({ usageCount: 6 });

    const refused = await call(calls.remove, { ...alpha.ctx, id }, alpha.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe(inUse);

    // Half stop using it (concurrently), half are deleted (concurrently).
    await Promise.all([
      ...ids.slice(0, 3).map(async (videoId) => {
        const video = (await call(getVideoCall, { ...alpha.ctx, videoId }, alpha.token)).body as Video;
        const res = await call(updateVideoCall, { ...alpha.ctx, videoId, version: video.version, title: video.title }, alpha.token);
        expect(res.status).toBe(200);
      }),
      ...ids.slice(3).map(async (videoId) => expect((await call(deleteVideoCall, { ...alpha.ctx, videoId }, alpha.token)).status).toBe(200)),
    ]);
    expect((await call(calls.get, { ...alpha.ctx, id }, alpha.token)).body).toMatchObject({ usageCount: 0 });
    expect((await call(calls.remove, { ...alpha.ctx, id }, alpha.token)).status).toBe(200);
  });
});
