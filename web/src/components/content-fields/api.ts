import useSWR from 'swr';
import { listCategoriesCall, listCreatorsCall, listTagsCall } from '../../../../shared/api/calls/categories';
import { createFileCall, listFilesCall } from '../../../../shared/api/calls/files';
import { groupListCall } from '../../../../shared/api/calls/groups';
import { getPricesCall, getProductsCall } from '../../../../shared/api/calls/payments';
import { startFileUploadCall, type FileKind } from '../../../../shared/api/calls/uploads';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/**
 * The calls behind the fields every content form shares (video, PDF, article, playlist, live, event): the
 * taxonomy and group choices, the prices, small uploads and the file library.
 */
/** A thumbnail, subtitle, attachment or PDF: one presigned PUT; answers the key to store. */
export async function uploadSmallFile(kind: FileKind, file: File): Promise<string> {
  const { key, url, headers } = await callApi(startFileUploadCall, {
    kind,
    fileName: file.name,
    contentType: file.type || 'application/octet-stream',
    sizeBytes: file.size,
  });
  const res = await fetch(url, { method: 'PUT', headers, body: file });
  if (!res.ok) throw new Error(`file upload failed (${res.status})`);
  return key;
}

/** Choices for the form's selects: categories, tags, creators (first 100 each, sort-number order) and groups. */
export function useContentChoices() {
  return useSWR(teamScoped('content-choices'), async () => {
    const [categories, tags, creators, groups] = await Promise.all([
      callApi(listCategoriesCall, { limit: 100 }),
      callApi(listTagsCall, { limit: 100 }),
      callApi(listCreatorsCall, { limit: 100 }),
      callApi(groupListCall, {}),
    ]);
    const options = (items: { id: string; name: string }[]) => items.map((i) => ({ value: i.id, label: i.name }));
    return {
      categories: options(categories.items),
      tags: options(tags.items),
      creators: options(creators.items),
      groups: groups.groups.map((g) => ({ value: g.groupId, label: g.name })),
    };
  });
}

/**
 * The team's active prices with their products' names, for a form's "prices" select. Fails with 409
 * `payment/not_connected` while the team has no Stripe account (the form then shows the field disabled).
 */
export function usePriceChoices() {
  return useSWR(
    teamScoped('content-price-choices'),
    async () => {
      const [{ prices }, { products }] = await Promise.all([callApi(getPricesCall, {}), callApi(getProductsCall, {})]);
      const names = new Map(products.map((p) => [p.id, p.name]));
      return prices.filter((p) => p.active).map((price) => ({ price, productName: names.get(price.productId) ?? price.productId }));
    },
    { shouldRetryOnError: false },
  );
}

export const LIBRARY_CHOICES_KEY = 'library-file-choices';

/** The newest 100 library files, for a form's file picker. */
export function useLibraryFileChoices() {
  return useSWR(teamScoped(LIBRARY_CHOICES_KEY), () => callApi(listFilesCall, { limit: 100 }));
}

/** Uploads an attachment and registers it in the file library. */
export async function addLibraryFile(file: File) {
  const key = await uploadSmallFile('attachment', file);
  return callApi(createFileCall, { key, name: file.name });
}
