/**
 * The video figures of `npm run bench`, in a process of their own: the platform's adapters keep their clients
 * for the process's life, so this second platform (the demo seed, its own ports and data dir) cannot share a
 * process with the first one. Prints the table, or with `--rows-to <file>` writes the rows there as JSON for
 * bench/run.ts (stdout also carries the platform's logs).
 * Alone: `npx tsx bench/video.ts`.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { startPlatform } from '../local/platform';
import { buildWebIfStale } from '../local/web-build';
import { firstFrameFigures } from './first-frame';
import { pdfFirstPageFigures } from './pdf-first-page';
import { printTable, registerTeam, type Figure } from './support';
import { transcodeFigures } from './transcode';
import { contentListFigures } from './content-list';
import { videoListFigures } from './video-list';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const PORT = Number(process.env.BENCH_VIDEO_PORT ?? 3740);
const DATA_DIR = '.local/bench-video';
const PAIRS = Number(process.env.BENCH_TRANSCODE_PAIRS ?? 3);
const FIRST_FRAME_RUNS = Number(process.env.BENCH_FIRST_FRAME_RUNS ?? 9);
const rowsTo = process.argv.includes('--rows-to') ? process.argv[process.argv.indexOf('--rows-to') + 1] : undefined;
const log = (line: string) => console.error(`[bench video] ${line}`);

async function main() {
  await buildWebIfStale(log);
  // A fresh demo each run: the seed's transcodes finish before any figure is taken.
  rmSync(DATA_DIR, { recursive: true, force: true });
  const platform = await startPlatform({ port: PORT, dataDir: DATA_DIR, seed: true, log: () => undefined });
  const rows: Figure[] = [];
  try {
    log('play to first frame (waits for the demo videos first)');
    rows.push(...(await firstFrameFigures({ baseUrl: platform.baseUrl, runs: FIRST_FRAME_RUNS })));
    log('PDF first page in Chromium');
    rows.push(...(await pdfFirstPageFigures({ baseUrl: platform.baseUrl, runs: FIRST_FRAME_RUNS })));
    log(`local transcode vs by hand, ${PAIRS} pairs`);
    const team = await registerTeam(platform.baseUrl, platform.env, 'transcode');
    rows.push(...(await transcodeFigures({ teamId: team.teamId, adminId: team.userId, pairs: PAIRS })));
    log('member video list at 100 and 10,000 videos');
    rows.push(...(await videoListFigures({ baseUrl: platform.baseUrl, env: platform.env })));
    log('combined newer list at 100 and 10,000 mixed content items');
    rows.push(...(await contentListFigures({ baseUrl: platform.baseUrl, env: platform.env })));
  } finally {
    await platform.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
  if (rowsTo) writeFileSync(rowsTo, JSON.stringify(rows));
  else printTable(rows);
}

main().catch((e: Error) => {
  console.error(e);
  process.exit(1);
});
