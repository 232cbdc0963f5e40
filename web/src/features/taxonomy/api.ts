import useSWR from 'swr';
import { taxonomyCallSets as calls, type TaxonomyKind } from '../../../../shared/api/calls/categories';
import { startFileUploadCall } from '../../../../shared/api/calls/uploads';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

export interface TaxonomyFields {
  name: string;
  thumbnailKey: string | null;
  sortNumber: number;
  profile?: string;
}

export const taxonomyListKey = (kind: TaxonomyKind, cursor?: string) => teamScoped(calls[kind].list.path, cursor);

/** One page in sort-number order (100 a page, the call's largest). */
export function useTaxonomyList(kind: TaxonomyKind, cursor?: string) {
  return useSWR(taxonomyListKey(kind, cursor), () => callApi(calls[kind].list, { cursor, limit: 100 }));
}

export function useTaxonomyItem(kind: TaxonomyKind, id: string | undefined) {
  return useSWR(id ? teamScoped(calls[kind].get.path, id) : null, () => callApi(calls[kind].get, { id: id! }));
}

export const createTaxonomyItem = (kind: TaxonomyKind, fields: TaxonomyFields) =>
  kind === 'creator' ? callApi(calls.creator.create, fields) : callApi(calls[kind].create, withoutProfile(fields));
export const updateTaxonomyItem = (kind: TaxonomyKind, id: string, fields: TaxonomyFields) =>
  kind === 'creator' ? callApi(calls.creator.update, { id, ...fields }) : callApi(calls[kind].update, { id, ...withoutProfile(fields) });
export const deleteTaxonomyItem = (kind: TaxonomyKind, id: string) => callApi(calls[kind].remove, { id });

const withoutProfile = ({ name, thumbnailKey, sortNumber }: TaxonomyFields) => ({ name, thumbnailKey, sortNumber });

/** A thumbnail: one presigned PUT; answers the key to store. */
export async function uploadThumbnail(file: File): Promise<string> {
  const { key, url, headers } = await callApi(startFileUploadCall, { kind: 'thumbnail', fileName: file.name, contentType: file.type, sizeBytes: file.size });
  const res = await fetch(url, { method: 'PUT', headers, body: file });
  if (!res.ok) throw new Error(`thumbnail upload failed (${res.status})`);
  return key;
}
