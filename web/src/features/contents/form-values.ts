import type { ContentItem } from '../../../../shared/api/calls/content-items';
import type { CommonContentValues } from '../../components/content-fields/form-access';
import { fromLocalInput, toLocalInput } from '../../lib/date-input';

/**
 * A content form's values: the common fields as the inputs hold them (dates as `datetime-local` text in the
 * viewer's time zone) and the type's own `fields` as its editor holds them.
 */
export interface ContentFormValues<FV = unknown> extends CommonContentValues {
  title: string;
  overview: string;
  fileIds: string[];
  viewableStart: string;
  viewableEnd: string;
  fields: FV;
}


export const emptyContentForm = <FV>(fields: FV): ContentFormValues<FV> => ({
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
  viewableStart: '',
  viewableEnd: '',
  fields,
});

export const itemToForm = <FV>(item: ContentItem, fields: FV): ContentFormValues<FV> => ({
  title: item.title,
  overview: item.overview,
  thumbnailKey: item.thumbnailKey ?? null,
  categoryId: item.categoryId ?? null,
  tagIds: item.tagIds,
  creatorId: item.creatorId ?? null,
  status: item.status,
  releasedAt: toLocalInput(item.releasedAt),
  publicationStart: toLocalInput(item.publicationPeriod?.start),
  publicationEnd: toLocalInput(item.publicationPeriod?.end),
  isPublic: item.isPublic,
  isListHidden: item.isListHidden,
  groupIds: item.groupIds,
  priceIds: item.priceIds,
  fileIds: item.fileIds,
  viewableStart: toLocalInput(item.viewablePeriod?.start),
  viewableEnd: toLocalInput(item.viewablePeriod?.end),
  fields,
});

/** What `/<type>/create` and `/<type>/update` take (checked by the same schema on both sides). */
export function formToInput<FV>(f: ContentFormValues<FV>, fields: unknown): Record<string, unknown> {
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
    viewableStart: fromLocalInput(f.viewableStart),
    viewableEnd: fromLocalInput(f.viewableEnd),
    fields,
  };
}
