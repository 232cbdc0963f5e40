import * as z from 'zod/mini';
import { callsOf } from '../define';
import { pageInput, type Page } from '../page';
import { invalidValue } from '../../rules/issues';
import type { ContentCard } from './content-lists';

const contentCall = callsOf('content');

/** One item of the member's viewing history: its card and when they last viewed it. */
export type ViewLogCard = ContentCard & { viewedAt: string };

export const viewLogListInput = z.object(pageInput(20, 50), invalidValue);

/**
 * SPEC §2 /user/:teamId/view_log: the caller's viewing history across types, most recent first, one row per item.
 * A video counts when its play starts, a content item when its page opens visible. Items the member can no
 * longer see (deleted, made private, outside their groups) are left out, so a page may hold fewer than `limit`.
 */
export const listViewLogCall = contentCall<typeof viewLogListInput, Page<ViewLogCard>>()('/member_view_log/list', 'member', viewLogListInput);
