import type { ContentItem } from '../../../../shared/api/calls/content-items';
import { fromLocalInput, toLocalInput } from '../../lib/date-input';
import type { CommonContentValues } from './form-access';

/**
 * The common fields between what a content stores and what its form holds, for the video and every other type
 * alike: dates as `datetime-local` text in the viewer's time zone, absent ids as null.
 */
type StoredCommonFields = Pick<
  ContentItem,
  'title' | 'overview' | 'thumbnailKey' | 'categoryId' | 'tagIds' | 'creatorId' | 'status' | 'releasedAt' | 'publicationPeriod' | 'isPublic' | 'isListHidden' | 'groupIds'
> &
  // A video stored before prices and library files existed has neither.
  Partial<Pick<ContentItem, 'priceIds' | 'fileIds'>>;

export const emptyCommonValues = (): CommonContentValues => ({
  title: '',
  overview: '',
  thumbnailKey: null,
  categoryId: null,
  tagIds: [],
  creatorId: null,
  status: 'private',
  releasedAt: '',
  publicationStart: '',
  publicationEnd: '',
  isPublic: false,
  isListHidden: false,
  groupIds: [],
  priceIds: [],
  fileIds: [],
});

export const commonToForm = (stored: StoredCommonFields): CommonContentValues => ({
  title: stored.title,
  overview: stored.overview,
  thumbnailKey: stored.thumbnailKey ?? null,
  categoryId: stored.categoryId ?? null,
  tagIds: stored.tagIds,
  creatorId: stored.creatorId ?? null,
  status: stored.status,
  releasedAt: toLocalInput(stored.releasedAt),
  publicationStart: toLocalInput(stored.publicationPeriod?.start),
  publicationEnd: toLocalInput(stored.publicationPeriod?.end),
  isPublic: stored.isPublic,
  isListHidden: stored.isListHidden,
  groupIds: stored.groupIds,
  priceIds: stored.priceIds ?? [],
  fileIds: stored.fileIds ?? [],
});

/** The common part of a create or update call's input; the publication dates only when the status uses them. */
export function commonToInput(f: CommonContentValues) {
  const periodDates = f.status === 'publicationPeriod';
  return {
    title: f.title.trim(),
    overview: f.overview,
    thumbnailKey: f.thumbnailKey,
    categoryId: f.categoryId,
    tagIds: f.tagIds,
    creatorId: f.creatorId,
    status: f.status,
    releasedAt: fromLocalInput(f.releasedAt),
    publicationStart: periodDates ? fromLocalInput(f.publicationStart) : undefined,
    publicationEnd: periodDates ? fromLocalInput(f.publicationEnd) : undefined,
    isPublic: f.isPublic,
    isListHidden: f.isListHidden,
    groupIds: f.groupIds,
    priceIds: f.priceIds,
    fileIds: f.fileIds,
  };
}

/** A schema issue's path -> the common field that shows it: a price's issue (`priceIds.2`) on the prices field, a file's on the files field. */
export const commonFieldOf = (path: string) => path.replace(/^priceIds\.\d+$/, 'priceIds').replace(/^fileIds\.\d+$/, 'fileIds');
