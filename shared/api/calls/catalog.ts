import * as z from 'zod/mini';
import type { AttachedFile } from './files';
import { callsOf } from '../define';
import type { Page } from '../page';
import { contentIdSchema } from './categories';
import { taxonomyListInput, type MemberVideo, type MemberVideoState, type TaxonomyCard, type VideoPlayback } from './member-videos';

const contentCall = callsOf('content');

/**
 * SPEC §2 catalog (/catalog/:teamId): the member area's video pages for visitors (its lists: content-lists.ts), without login,
 * while the team's public access is on (site settings `catalogPublic`). Only public videos (`isPublic`) are
 * ever answered. While public access is off, or for an unknown team, every call answers 404
 * `common/not_found`, so a visitor learns nothing about a team.
 */
const teamField = { teamId: contentIdSchema };
const siteInput = z.object(teamField);
/** `playlistId`: watched inside that public playlist, as on the member call (getMemberVideoCall). */
const videoInput = z.object({ ...teamField, videoId: contentIdSchema, playlistId: z.optional(contentIdSchema) });
const taxonomyInput = z.safeExtend(taxonomyListInput, teamField);

/** The catalog header: the site's name. */
export const getCatalogSiteCall = contentCall<typeof siteInput, { teamId: string; siteName: string }>()('/catalog/site', 'public', siteInput);

export interface CatalogVideoAnswer {
  state: MemberVideoState;
  video: MemberVideo;
  /** The library files the video attaches (download URLs only while visible). */
  files: AttachedFile[];
  /** Present only when visible; the answer also sets the signed cookies it needs. */
  playback?: VideoPlayback;
  /** The server's clock when it answered (ISO 8601): a premiere's position is read on it, not on the device's. */
  serverTime: string;
}

/** /catalog/:teamId/video/:videoId: a public video (404 `video/not_found` for anything else). */
export const getCatalogVideoCall = contentCall<typeof videoInput, CatalogVideoAnswer>()('/catalog/video/get', 'public', videoInput);

export const listCatalogTaxonomyCall = contentCall<typeof taxonomyInput, Page<TaxonomyCard>>()('/catalog/taxonomy', 'public', taxonomyInput);
