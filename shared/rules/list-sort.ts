/**
 * The orders a member or catalog list of one content type can be read in (SPEC §9 sort options: newest, created,
 * release date, update date, title; ascending or descending). "Newest" is release date descending. Each key is an
 * index of the list rows (lambdas/core/entities/list-rows.ts); "amount" orders prices, not contents.
 */
export const listSortKeys = ['releaseDate', 'created', 'updated', 'title'] as const;
export type ListSortKey = (typeof listSortKeys)[number];
export const listSortDirections = ['asc', 'desc'] as const;
export type ListSortDirection = (typeof listSortDirections)[number];

export interface ListSort {
  key: ListSortKey;
  direction: ListSortDirection;
}

/**
 * A list call's `order` names a sort in one word (`titleAsc`…), or `popular`. `newer` and `older` are the release
 * date's two directions, named as the member area's "new arrivals" lists have always named them.
 */
export const sortOrders = ['newer', 'older', 'createdDesc', 'createdAsc', 'updatedDesc', 'updatedAsc', 'titleAsc', 'titleDesc'] as const;
export type SortOrder = (typeof sortOrders)[number];

export function sortOf(order: SortOrder): ListSort {
  if (order === 'newer') return { key: 'releaseDate', direction: 'desc' };
  if (order === 'older') return { key: 'releaseDate', direction: 'asc' };
  const direction: ListSortDirection = order.endsWith('Asc') ? 'asc' : 'desc';
  return { key: order.slice(0, -(direction === 'asc' ? 3 : 4)) as ListSortKey, direction };
}

export function orderOf(sort: ListSort): SortOrder {
  if (sort.key === 'releaseDate') return sort.direction === 'desc' ? 'newer' : 'older';
  return `${sort.key}${sort.direction === 'asc' ? 'Asc' : 'Desc'}` as SortOrder;
}
