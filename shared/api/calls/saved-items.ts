import * as z from 'zod/mini';
import { contentTypes } from '../../content-types';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { invalidValue } from '../../rules/issues';
import type { ContentCard } from './content-lists';

const contentCall = callsOf('content');

/** SPEC §2 /user/:teamId/bookmark and /user/:teamId/watchLater: a member's two saved lists, across content types. */
export const savedLists = ['bookmark', 'watchLater'] as const;
export type SavedList = (typeof savedLists)[number];

const invalid = { error: 'validation/invalid_value' } as const;
const listSchema = z.enum(savedLists, invalid);
const typeSchema = z.enum(contentTypes, invalid);

export const savedItemInput = z.object({ list: listSchema, type: typeSchema, id: idSchema }, invalidValue);

/** Saves an item the member may open now (else the item's not-found, as for an unknown id); saving twice keeps one. */
export const savedItemAddCall = contentCall<typeof savedItemInput, Record<string, never>>()('/member_saved/add', 'member', savedItemInput);

/** Takes an item off the list; nothing to take off is not an error. */
export const savedItemRemoveCall = contentCall<typeof savedItemInput, Record<string, never>>()('/member_saved/remove', 'member', savedItemInput);

export const savedItemListInput = z.object({ list: listSchema, ...pageInput(20, 50) }, invalidValue);

/**
 * One list, newest saved first. Items the member can no longer see (deleted, made private, outside their groups)
 * are left out, so a page may hold fewer than `limit`.
 */
export const savedItemListCall = contentCall<typeof savedItemListInput, Page<ContentCard>>()('/member_saved/list', 'member', savedItemListInput);

export const savedItemStatusInput = z.object({ type: typeSchema, id: idSchema }, invalidValue);
export type SavedStatus = Record<SavedList, boolean>;

/** Whether the item is on each of the caller's lists: the page's two buttons. */
export const savedItemStatusCall = contentCall<typeof savedItemStatusInput, SavedStatus>()('/member_saved/status', 'member', savedItemStatusInput);
