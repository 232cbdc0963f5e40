/** SPEC §3 content types that share the listing core (taxonomy, publication, groups, member and catalog lists). */
export const contentTypes = ['video', 'pdf', 'article', 'playlist', 'live', 'event'] as const;
export type ContentType = (typeof contentTypes)[number];
