import { ulid } from 'ulid';
import type { ContentItem, ContentItemForm, ContentItemType } from '../../../shared/api/calls/content-items';
import { AppError, staleVersion } from '../../core/http/app-error';
import { checkStoredFile } from '../../core/media/file-upload';
import { getLibraryFile } from '../../core/entities/library-file';
import { existsIn, type FieldProblems, sharedReferenceChecks } from '../reference-checks';
import { commitContentItem, getContentItem, removeContentItem } from '../../core/entities/content-item';
import { firstReferrer } from '../../core/entities/content-references';
import type { ItemTypeRules } from './item-types';
import { retryOnConflict } from '../../core/conditional-write';

/**
 * The operator's work on any content item (SPEC §2 /admin/pdf, article, playlist, live, event): the form's
 * common references (taxonomy, groups, prices, library files, thumbnail) are checked in the team here, the type's
 * own fields by its rules; the write's conditions keep them true (a tag deleted in between fails the
 * transaction, which is checked again).
 */
async function checkCommonReferences(teamId: string, form: ContentItemForm, before: ContentItem | undefined): Promise<void> {
  const fields: FieldProblems = {};
  const exists = existsIn(fields);
  await Promise.all([
    ...sharedReferenceChecks(teamId, form, before?.priceIds, fields),
    ...form.fileIds.map((id, i) => (before?.fileIds.includes(id) ? undefined : exists(`fileIds.${i}`, getLibraryFile(teamId, id)))),
    form.thumbnailKey && form.thumbnailKey !== before?.thumbnailKey
      ? checkStoredFile(teamId, 'thumbnail', form.thumbnailKey).then((c) => c && (fields.thumbnailKey = c))
      : undefined,
  ]);
  if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
}

/** The item built from the form on top of `base` (the stored one, or a new item's defaults). */
export function applyItemForm<F>(base: ContentItem<F>, form: ContentItemForm<F>, fields: F, now: Date): ContentItem<F> {
  const iso = (d: Date | undefined) => d?.toISOString();
  const item: ContentItem<F> = {
    id: base.id,
    type: base.type,
    title: form.title,
    overview: form.overview,
    tagIds: form.tagIds,
    status: form.status,
    isPublic: form.isPublic,
    isListHidden: form.isListHidden,
    groupIds: form.groupIds,
    priceIds: form.priceIds,
    fileIds: form.fileIds,
    fields,
    createdAt: base.createdAt,
    updatedAt: now.toISOString(),
    version: base.version,
  };
  if (form.thumbnailKey) item.thumbnailKey = form.thumbnailKey;
  if (form.categoryId) item.categoryId = form.categoryId;
  if (form.creatorId) item.creatorId = form.creatorId;
  if (form.releasedAt) item.releasedAt = iso(form.releasedAt);
  if (form.status === 'publicationPeriod' && form.publicationStart && form.publicationEnd) {
    item.publicationPeriod = { start: form.publicationStart.toISOString(), end: form.publicationEnd.toISOString() };
  }
  if (form.viewableStart || form.viewableEnd) {
    item.viewablePeriod = { ...(form.viewableStart ? { start: form.viewableStart.toISOString() } : {}), ...(form.viewableEnd ? { end: form.viewableEnd.toISOString() } : {}) };
  }
  return item;
}

/** Retries a write whose conditions failed (a reference changed meanwhile) after checking again. */
const withRechecks = <T>(work: () => Promise<T>): Promise<T> => retryOnConflict(work, 2);

export async function createItem(teamId: string, rules: ItemTypeRules, form: ContentItemForm, now = new Date()): Promise<{ id: string; version: number }> {
  const id = ulid(now.getTime());
  const at = now.toISOString();
  return withRechecks(async () => {
    await checkCommonReferences(teamId, form, undefined);
    const fields = await rules.prepare(teamId, form, undefined, now);
    const base: ContentItem = { ...emptyItem(rules.type, id), createdAt: at, updatedAt: at };
    const saved = await commitContentItem(teamId, undefined, applyItemForm(base, form, fields, now), rules);
    return { id, version: saved.version };
  });
}

const emptyItem = (type: ContentItemType, id: string): ContentItem => ({
  id,
  type,
  title: '',
  overview: '',
  tagIds: [],
  status: 'private',
  isPublic: false,
  isListHidden: false,
  groupIds: [],
  priceIds: [],
  fileIds: [],
  fields: undefined,
  createdAt: '',
  updatedAt: '',
  version: 0,
});

export async function updateItem(
  teamId: string,
  rules: ItemTypeRules,
  id: string,
  expectedVersion: number,
  form: ContentItemForm,
  now = new Date(),
): Promise<{ version: number }> {
  return withRechecks(async () => {
    const before = await getContentItem(teamId, rules.type, id, true);
    if (!before) throw new AppError(rules.notFound);
    // Someone else saved since this form was loaded: their changes must not be overwritten silently.
    if (before.version !== expectedVersion) throw staleVersion();
    await checkCommonReferences(teamId, form, before);
    const fields = await rules.prepare(teamId, form, before, now);
    const saved = await commitContentItem(teamId, before, applyItemForm(before, form, fields, now), rules);
    return { version: saved.version };
  });
}

/** SPEC §8: a content a playlist or event refers to cannot be deleted (a video: "in a playlist"). */
export async function checkNotReferenced(teamId: string, ref: { type: ContentItem['type'] | 'video'; id: string }): Promise<void> {
  if (await firstReferrer(teamId, ref)) throw new AppError(ref.type === 'video' ? 'deletion/video_in_playlist' : 'deletion/content_in_use');
}

export async function deleteItem(teamId: string, rules: ItemTypeRules, id: string): Promise<void> {
  const before = await withRechecks(async () => {
    const item = await getContentItem(teamId, rules.type, id, true);
    if (!item) throw new AppError(rules.notFound);
    await checkNotReferenced(teamId, { type: item.type, id });
    await removeContentItem(teamId, item, rules);
    return item;
  });
  await rules.afterDelete?.(teamId, before);
}
