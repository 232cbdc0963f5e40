/**
 * The member home's sections (SPEC §3 Design: top page item order), in the product's own order. The designer's
 * `topItemOrder` reorders them (site_customize/top_item_order); a section it does not name keeps its place after.
 * Label keys: `member:homeSections.<key>`.
 */
export const homeSectionKeys = ['welcome', 'newer', 'popular'] as const;
export type HomeSectionKey = (typeof homeSectionKeys)[number];
