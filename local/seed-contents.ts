import type { ContentItemCalls, ContentItemForm, ContentItemType } from '../shared/api/calls/content-items';
import { articleCalls } from '../shared/api/calls/articles';
import { eventCalls } from '../shared/api/calls/events';
import { liveCalls } from '../shared/api/calls/lives';
import { pdfCalls } from '../shared/api/calls/pdfs';
import { playlistCalls } from '../shared/api/calls/playlists';
import { createLibraryFile, listLibraryFiles } from '../lambdas/core/entities/library-file';
import { commitContentItem, getContentItem } from '../lambdas/core/entities/content-item';
import { applyItemForm } from '../lambdas/content/items/item-service';
import { itemRulesOf } from '../lambdas/content/items/item-rules';
import { ConditionFailedError } from '../lambdas/platform/db';
import { putObject } from '../lambdas/platform/storage';
import { buildPdf } from './sample-pdf';

/** Fixed ids, so a second start finds what the first one made. */
/** The demo PDF (bench/pdf-first-page.ts opens it). */
export const DEMO_PDF_ID = '01DEMOPDF00000000000000001';

const ids = {
  article: '01DEMOARTICLE0000000000001',
  pdf: DEMO_PDF_ID,
  playlist: '01DEMOP1AY11ST000000000001',
  live: '01DEMO11VE0000000000000001',
  event: '01DEMOEVENT000000000000001',
};
const PDF_KEY = (teamId: string) => `T/${teamId}/files/pdf/01DEMOPDFF11E000000000001.pdf`;
const HANDOUT_KEY = (teamId: string) => `T/${teamId}/files/attachment/01DEMOHANDOUT0000000000001.txt`;

const calls: Record<ContentItemType, ContentItemCalls> = {
  article: articleCalls as unknown as ContentItemCalls,
  pdf: pdfCalls as unknown as ContentItemCalls,
  playlist: playlistCalls as unknown as ContentItemCalls,
  live: liveCalls as unknown as ContentItemCalls,
  event: eventCalls as unknown as ContentItemCalls,
};

/** One item made as the admin form would (the same schema and type rules), with a fixed id; left alone when it exists. */
async function seedItem(teamId: string, type: ContentItemType, id: string, input: Record<string, unknown>, now: Date): Promise<void> {
  if (await getContentItem(teamId, type, id)) return;
  const rules = itemRulesOf(type);
  const form = calls[type].create.input.parse(input) as ContentItemForm;
  const at = now.toISOString();
  const base = { id, type, title: '', overview: '', tagIds: [], status: 'private' as const, isPublic: false, isListHidden: false, groupIds: [], priceIds: [], fileIds: [], fields: undefined, createdAt: at, updatedAt: at, version: 0 };
  const fields = await rules.prepare(teamId, form, undefined, now);
  try {
    await commitContentItem(teamId, undefined, applyItemForm(base, form, fields, now), rules);
  } catch (e) {
    // Another start made it meanwhile.
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One of each content type for the demo team, so `npm start` shows every page: a handout in the file library, an
 * article that attaches it, a 3-page PDF with a 1-page sample, a playlist of the demo videos, a live tomorrow (its
 * join link appears 10 minutes before), and an event taking applications now and held in a week with the live
 * and the PDF. Dates are relative to the first start; safe on every start.
 */
export async function seedDemoContents(teamId: string, videoIds: readonly string[], now = new Date()): Promise<void> {
  const t = now.getTime();
  const handout = Buffer.from('Demo handout / デモ資料\n');
  await putObject({ bucket: 'media', key: HANDOUT_KEY(teamId), body: handout, contentType: 'text/plain' });
  // The demo team's library holds few files: the handout is found on its first page.
  const library = await listLibraryFiles(teamId, { limit: 100 });
  const file =
    library.items.find((f) => f.key === HANDOUT_KEY(teamId)) ??
    (await createLibraryFile(teamId, { key: HANDOUT_KEY(teamId), name: 'handout.txt', sizeBytes: handout.length, contentType: 'text/plain' }, now));
  await putObject({ bucket: 'media', key: PDF_KEY(teamId), body: buildPdf(['Demo PDF - page 1', 'Page 2', 'Page 3']), contentType: 'application/pdf' });

  await seedItem(
    teamId,
    'article',
    ids.article,
    {
      title: 'はじめに / Getting started',
      overview: 'How this site works.',
      status: 'public',
      isPublic: true,
      releasedAt: iso(t - DAY),
      fileIds: [file.id],
      fields: { html: '<h2>ようこそ / Welcome</h2><p>Watch the <strong>videos</strong>, read the PDF and join the live. The handout is attached below.</p>' },
    },
    now,
  );
  await seedItem(
    teamId,
    'pdf',
    ids.pdf,
    { title: 'テキスト / Course text', overview: 'Three pages.', status: 'public', isPublic: true, releasedAt: iso(t - DAY), fields: { fileKey: PDF_KEY(teamId), accessScope: 'public' } },
    now,
  );
  if (videoIds.length) {
    await seedItem(
      teamId,
      'playlist',
      ids.playlist,
      { title: '入門コース / Starter course', overview: 'The demo videos in order.', status: 'public', releasedAt: iso(t - DAY), fields: { videoIds } },
      now,
    );
  }
  await seedItem(
    teamId,
    'live',
    ids.live,
    {
      title: 'ライブ質問会 / Live Q&A',
      overview: 'Questions and answers on YouTube.',
      status: 'public',
      releasedAt: iso(t - DAY),
      fields: { platform: 'youtube', url: 'https://www.youtube.com/watch?v=demo', startAt: iso(t + DAY), endAt: iso(t + DAY + 3_600_000) },
    },
    now,
  );
  await seedItem(
    teamId,
    'event',
    ids.event,
    {
      title: 'オンライン勉強会 / Study meeting',
      overview: 'Apply now; held in a week.',
      status: 'public',
      releasedAt: iso(t - DAY),
      fields: {
        applicationStart: iso(t - DAY),
        applicationEnd: iso(t + 6 * DAY),
        holdStart: iso(t + 7 * DAY),
        holdEnd: iso(t + 8 * DAY),
        contents: [
          { type: 'live', id: ids.live },
          { type: 'pdf', id: ids.pdf },
        ],
      },
    },
    now,
  );
}
