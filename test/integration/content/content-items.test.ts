import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategoryCall, createTagCall, getCategoryCall } from '../../../shared/api/calls/categories';
import { getCatalogContentCall, getMemberContentCall, type ContentItem, type ContentItemRow, type MemberContentAnswer } from '../../../shared/api/calls/content-items';
import { listCatalogContentCall, listMemberContentCall, type ContentListPage } from '../../../shared/api/calls/content-lists';
import { createFileCall, deleteFileCall, getFilesCall, listFilesCall, type LibraryFile } from '../../../shared/api/calls/files';
import { groupCreateCall } from '../../../shared/api/calls/groups';
import { getMemberVideoCall, type MemberVideoAnswer } from '../../../shared/api/calls/member-videos';
import { deleteVideoCall, getVideoCall, previewVideoCall, updateVideoCall, type Video } from '../../../shared/api/calls/videos';
import type { CatalogVideoAnswer } from '../../../shared/api/calls/catalog';
import { putObject } from '../../../lambdas/platform/storage';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { call } from '../support/api';
import { contentItemTypeCases, type ContentItemTypeCase } from './content-item-cases';
import { type Caller, newOperator, newPerson, ok } from './people';
import { fetchPath, newMember, readyVideo } from './ready-videos';

/**
 * Every content item type (PDF, article, playlist, live, event) through the same calls: one table of cases
 * (content-item-cases.ts), the same checks for each: success, bad input naming the field, wrong role, another
 * team, usage counts, member and catalog access.
 */
let alpha: Caller;
let beta: Caller;
let member: Caller;
let grouped: Caller;
let analyst: Caller;
let groupId: string;


/** An attachment uploaded as the browser would (presigned PUT) and registered in the library. */
async function libraryFile(who: Caller, name: string): Promise<LibraryFile> {
  const key = `T/${who.teamId}/files/attachment/01FILE${Date.now()}${Math.floor(Math.random() * 1e6)}.txt`;
  await putObject({ bucket: 'media', key, body: Buffer.from(`contents of ${name}`), contentType: 'text/plain' });
  return ok<LibraryFile>(who, createFileCall, { key, name });
}

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Items Alpha'), newOperator('Items Beta')]);
  await putSiteSettings({ ...(await getSiteSettings(alpha.teamId)), catalogPublic: true });
  groupId = (await ok<{ group: { groupId: string } }>(alpha, groupCreateCall, { name: 'Readers' })).group.groupId;
  [member, grouped, analyst] = await Promise.all([
    newMember(alpha.teamId),
    newMember(alpha.teamId, [groupId]),
    newPerson(alpha.teamId, 'admin', ['analyst']),
  ]);
});

describe('/file/* (the file library)', () => {
  it('registers an upload with its stored size, lists newest first, and refuses another team’s key', async () => {
    const a = await libraryFile(alpha, 'a.txt');
    const b = await libraryFile(alpha, 'b.txt');
    expect(a).toMatchObject({ name: 'a.txt', sizeBytes: 'contents of a.txt'.length, usageCount: 0 });
    const page = await ok<{ items: LibraryFile[] }>(alpha, listFilesCall, { limit: 2 });
    expect(page.items.map((f) => f.id)).toEqual([b.id, a.id]);
    const foreign = await call(createFileCall, { ...alpha.ctx, key: `T/${beta.teamId}/files/attachment/X.txt`, name: 'x' }, alpha.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.fields).toEqual({ key: 'validation/invalid_value' });
    const missing = await call(createFileCall, { ...alpha.ctx, key: `T/${alpha.teamId}/files/attachment/NOPE.txt`, name: 'x' }, alpha.token);
    expect(missing.body.error?.fields).toEqual({ key: 'validation/invalid_value' });
    expect((await call(createFileCall, { ...alpha.ctx, key: a.key, name: '' }, alpha.token)).body.error?.fields).toEqual({ name: 'validation/required' });
  });

  it('answers 403 to a member and an analyst, 404 for another team’s file', async () => {
    const theirs = await libraryFile(beta, 'theirs.txt');
    for (const who of [member, analyst]) expect((await call(listFilesCall, who.ctx, who.token)).status).toBe(403);
    expect((await call(deleteFileCall, { ...alpha.ctx, id: theirs.id }, alpha.token)).status).toBe(404);
    expect(await ok<LibraryFile[]>(alpha, getFilesCall, { ids: [theirs.id] })).toEqual([]);
    expect(await ok<LibraryFile[]>(beta, getFilesCall, { ids: [theirs.id] })).toHaveLength(1);
  });
});

describe('a video attaches library files too', () => {
  it('counts the file, refuses deleting it while attached, and serves it to members only while the video is visible', async () => {
    const file = await libraryFile(alpha, 'video-handout.txt');
    const videoId = await readyVideo(alpha, { title: 'With a handout', status: 'public', fileIds: [file.id] });
    expect((await ok<LibraryFile[]>(alpha, getFilesCall, { ids: [file.id] }))[0].usageCount).toBe(1);
    expect((await call(deleteFileCall, { ...alpha.ctx, id: file.id }, alpha.token)).body.error?.code).toBe('deletion/file_in_use');
    const foreign = await libraryFile(beta, 'theirs.txt');
    const video = await ok<Video>(alpha, getVideoCall, { videoId });
    const refused = await call(updateVideoCall, { ...alpha.ctx, videoId, version: video.version, title: video.title, fileIds: [foreign.id] }, alpha.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({ 'fileIds.0': 'validation/invalid_value' });

    const watch = await ok<MemberVideoAnswer>(member, getMemberVideoCall, { videoId });
    expect(watch.files).toEqual([expect.objectContaining({ id: file.id, name: 'video-handout.txt', url: expect.any(String) })]);
    const res = await fetchPath(new URL(watch.files[0].url!, 'http://localhost').pathname + new URL(watch.files[0].url!, 'http://localhost').search);
    expect(await res.text()).toBe('contents of video-handout.txt');

    await ok(alpha, deleteVideoCall, { videoId });
    expect((await ok<LibraryFile[]>(alpha, getFilesCall, { ids: [file.id] }))[0].usageCount).toBe(0);
    await ok(alpha, deleteFileCall, { id: file.id });
  });
});

describe('/video/preview (catalog preview mode)', () => {
  it('shows a private video limited to a group to its administrators with playback, to nobody else', async () => {
    const file = await libraryFile(alpha, 'preview-handout.txt');
    const videoId = await readyVideo(alpha, { title: 'Draft lesson', status: 'private', fileIds: [file.id] }, [groupId]);
    const res = await call(previewVideoCall, { ...alpha.ctx, videoId }, alpha.token);
    expect(res.status).toBe(200);
    const preview = res.body as CatalogVideoAnswer;
    expect(preview).toMatchObject({ state: 'visible', video: { videoId, title: 'Draft lesson' }, playback: expect.any(Object) });
    expect(preview.files[0].url).toEqual(expect.any(String));
    expect(res.headers.get('set-cookie')).toBeTruthy();
    // The member area still does not know it.
    expect((await call(getMemberVideoCall, { ...grouped.ctx, videoId }, grouped.token)).status).toBe(404);
    for (const who of [member, analyst]) expect((await call(previewVideoCall, { ...who.ctx, videoId }, who.token)).status).toBe(403);
    const theirs = await readyVideo(beta, { title: 'Beta draft', status: 'private' });
    const foreign = await call(previewVideoCall, { ...alpha.ctx, videoId: theirs }, alpha.token);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Beta draft');
  });
});

describe.each(contentItemTypeCases)('/$type/* (shared content item calls)', (c: ContentItemTypeCase) => {
  const form = async (who: Caller, extra: Record<string, unknown> = {}) => ({ title: `${c.type} title`, ...(await c.validForm(who)), ...extra });
  const create = async (who: Caller, extra: Record<string, unknown> = {}) => (await ok<{ id: string }>(who, c.calls.create, await form(who, extra))).id;

  it('creates, reads, lists, searches, updates and deletes', async () => {
    const id = await create(alpha, { title: `Guide to ${c.type} basics`, status: 'public' });
    const item = await ok<ContentItem>(alpha, c.calls.get, { id });
    expect(item).toMatchObject({ id, type: c.type, title: `Guide to ${c.type} basics`, status: 'public', version: 1 });
    const list = await ok<{ items: ContentItemRow[] }>(alpha, c.calls.list, {});
    expect(list.items[0]).toMatchObject({ id, type: c.type });
    const found = await ok<{ items: ContentItemRow[] }>(alpha, c.calls.list, { query: 'basics' });
    expect(found.items.map((r) => r.id)).toContain(id);

    const updated = await ok<{ version: number }>(alpha, c.calls.update, { id, version: 1, ...(await form(alpha, { title: 'Renamed' })) });
    expect(updated.version).toBe(2);
    expect((await ok<ContentItem>(alpha, c.calls.get, { id })).title).toBe('Renamed');
    const stale = await call(c.calls.update, { ...alpha.ctx, id, version: 1, ...(await form(alpha)) }, alpha.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'common/concurrent_update', fields: { version: 'validation/invalid_value' } });

    await ok(alpha, c.calls.remove, { id });
    const gone = await call(c.calls.get, { ...alpha.ctx, id }, alpha.token);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.code).toBe(c.notFound);
  });

  it('answers 400 naming the field', async () => {
    const empty = await call(c.calls.create, { ...alpha.ctx, ...(await form(alpha, { title: ' ' })) }, alpha.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({ 'title': 'validation/required' });
    const publicWithGroup = await call(c.calls.create, { ...alpha.ctx, ...(await form(alpha, { isPublic: true, groupIds: [groupId] })) }, alpha.token);
    expect(publicWithGroup.body.error?.fields).toEqual({ 'groupIds': 'validation/public_content_with_groups' });
    for (const bad of c.invalidForms) {
      const res = await call(c.calls.create, { ...alpha.ctx, ...(await form(alpha, await bad.form(alpha))) }, alpha.token);
      expect(res.status, bad.name).toBe(400);
      expect(res.body.error?.fields, bad.name).toEqual(bad.fields);
    }
  });

  it('answers 403 to a member and an administrator without contents management', async () => {
    for (const who of [member, analyst]) {
      expect((await call(c.calls.list, who.ctx, who.token)).status).toBe(403);
      expect((await call(c.calls.create, { ...who.ctx, ...(await form(alpha, { title: 'nope' })) }, who.token)).status).toBe(403);
    }
  });

  it("answers 404 for another team's item and changes nothing of it", async () => {
    const theirs = await create(beta, { title: `beta ${c.type}` });
    expect((await call(c.calls.get, { ...alpha.ctx, id: theirs }, alpha.token)).status).toBe(404);
    expect((await call(c.calls.update, { ...alpha.ctx, id: theirs, version: 1, ...(await form(alpha, { title: 'hijacked' })) }, alpha.token)).status).toBe(404);
    expect((await call(c.calls.remove, { ...alpha.ctx, id: theirs }, alpha.token)).status).toBe(404);
    expect((await call(getMemberContentCall, { ...member.ctx, type: c.type, id: theirs }, member.token)).status).toBe(404);
    expect(await ok<ContentItem>(beta, c.calls.get, { id: theirs })).toMatchObject({ title: `beta ${c.type}`, version: 1 });
  });

  it('counts its category, tags and library files exactly, and refuses deleting a file in use', async () => {
    const categoryId = (await ok<{ id: string }>(alpha, createCategoryCall, { name: `${c.type} category` })).id;
    const tagId = (await ok<{ id: string }>(alpha, createTagCall, { name: `${c.type} tag` })).id;
    const file = await libraryFile(alpha, `${c.type}.txt`);
    const ids = await Promise.all(Array.from({ length: 4 }, () => create(alpha, { categoryId, tagIds: [tagId], fileIds: [file.id] })));
    expect((await ok<{ usageCount: number }>(alpha, getCategoryCall, { id: categoryId })).usageCount).toBe(4);
    expect((await ok<LibraryFile[]>(alpha, getFilesCall, { ids: [file.id] }))[0].usageCount).toBe(4);
    const refused = await call(deleteFileCall, { ...alpha.ctx, id: file.id }, alpha.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('deletion/file_in_use');
    // Half drop the file, half are deleted, at once.
    await Promise.all([
      ...ids.slice(0, 2).map(async (id) => ok(alpha, c.calls.update, { id, version: 1, ...(await form(alpha, { categoryId, tagIds: [tagId] })) })),
      ...ids.slice(2).map((id) => ok(alpha, c.calls.remove, { id })),
    ]);
    expect((await ok<LibraryFile[]>(alpha, getFilesCall, { ids: [file.id] }))[0].usageCount).toBe(0);
    expect((await ok<{ usageCount: number }>(alpha, getCategoryCall, { id: categoryId })).usageCount).toBe(2);
    await ok(alpha, deleteFileCall, { id: file.id });
  });

  it('is listed for its audience only, and opened per the access decision', async () => {
    const everyone = await create(alpha, { title: `${c.type} for everyone`, status: 'public', isPublic: true });
    const readers = await create(alpha, { title: `${c.type} for readers`, status: 'public', groupIds: [groupId] });
    const hidden = await create(alpha, { title: `${c.type} private`, status: 'private' });
    const listed = async (who: Caller) =>
      (await ok<ContentListPage>(who, listMemberContentCall, { type: c.type, limit: 50 })).items.map((i) => i.id);
    expect(await listed(member)).toContain(everyone);
    expect(await listed(member)).not.toContain(readers);
    expect(await listed(grouped)).toEqual(expect.arrayContaining([everyone, readers]));
    expect(await listed(grouped)).not.toContain(hidden);
    const catalog = (await ok<ContentListPage>(undefined, listCatalogContentCall, { teamId: alpha.teamId, type: c.type, limit: 50 })).items.map((i) => i.id);
    expect(catalog).toContain(everyone);
    expect(catalog).not.toContain(readers);

    const open = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: c.type, id: everyone });
    expect(open.item).toMatchObject({ id: everyone, title: `${c.type} for everyone` });
    expect(open.state).toBe(c.openState);
    await c.checkMemberView?.(open, { who: member, id: everyone });
    // Outside its groups, private, or another team's: not found, revealing nothing.
    for (const [who, id] of [
      [member, readers],
      [grouped, hidden],
    ] as const) {
      const refused = await call(getMemberContentCall, { ...who.ctx, type: c.type, id }, who.token);
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('readers');
    }
    expect((await call(getCatalogContentCall, { teamId: alpha.teamId, type: c.type, id: readers })).status).toBe(404);
    const visitor = await ok<MemberContentAnswer>(undefined, getCatalogContentCall, { teamId: alpha.teamId, type: c.type, id: everyone });
    expect(visitor.item.id).toBe(everyone);
  });

  it('previews its page (catalog preview mode) to its administrators, whatever its status and groups', async () => {
    const file = await libraryFile(alpha, `${c.type}-preview.txt`);
    const draft = await create(alpha, { title: `${c.type} draft`, status: 'private', groupIds: [groupId], fileIds: [file.id] });
    const preview = await ok<MemberContentAnswer>(alpha, c.calls.preview, { id: draft });
    expect(preview).toMatchObject({ state: 'visible', item: { id: draft, title: `${c.type} draft` } });
    expect(preview.view).toBeDefined();
    expect(preview.item.files[0].url).toEqual(expect.any(String));
    // Nobody else sees it: members are not told it exists, a member or an analyst may not preview.
    expect((await call(getMemberContentCall, { ...grouped.ctx, type: c.type, id: draft }, grouped.token)).status).toBe(404);
    for (const who of [member, analyst]) expect((await call(c.calls.preview, { ...who.ctx, id: draft }, who.token)).status).toBe(403);
    const theirs = await create(beta, { title: `beta draft ${c.type}`, status: 'private' });
    const foreign = await call(c.calls.preview, { ...alpha.ctx, id: theirs }, alpha.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe(c.notFound);
    expect(JSON.stringify(foreign.body)).not.toContain('beta draft');
  });

  it('serves attached files only while the item is visible to the caller', async () => {
    const file = await libraryFile(alpha, `${c.type}-handout.txt`);
    const id = await create(alpha, { status: 'public', fileIds: [file.id] });
    const open = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: c.type, id });
    expect(open.item.files).toEqual([expect.objectContaining({ id: file.id, name: `${c.type}-handout.txt`, sizeBytes: file.sizeBytes })]);
    if (open.state === 'visible') {
      const url = new URL(open.item.files[0].url!, 'http://localhost');
      const res = await fetchPath(`${url.pathname}${url.search}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(`contents of ${c.type}-handout.txt`);
      expect((await fetchPath(url.pathname)).status).toBe(403);
    } else {
      expect(open.item.files[0].url).toBeUndefined();
    }
  });
});
