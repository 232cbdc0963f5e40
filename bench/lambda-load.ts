/**
 * Lambda bundles as deployed (lib/constructs/lambda-bundling.ts, code-split): the bytes a cold start reads and
 * in all, and module load time against a bundle of only the DynamoDB clients built the same way (DESIGN §6: at
 * most 1.5x). Each load is a fresh Node process importing the bundle's index.mjs, the bundles taking turns so
 * machine load weighs on all of them alike.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { domains } from '../shared/api/define';
import { lambdaBuildOptions } from '../lib/constructs/lambda-bundling';
import { latestNodeRuntime } from '../lib/constructs/platform-function';
import { median, type Figure } from './support';

const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 15);
const BASELINE = 'DynamoDB clients only';

/** What the baseline bundle holds: the two clients every function uses, constructed as db.ts does. */
const baselineSource = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
`;

/**
 * Builds a bundle exactly as PlatformFunction does (lambda-bundling.ts) into `outdir`; answers the bytes a cold
 * start reads (index.mjs and the chunks it imports statically) and the bytes of every file.
 */
async function bundle(entry: string, outdir: string): Promise<{ startBytes: number; totalBytes: number }> {
  const target = latestNodeRuntime().name.replace(/^nodejs(\d+)\.x$/, 'node$1');
  // Source maps are left out, as they were before code splitting: only the code's own load is compared.
  const out = await build({ ...lambdaBuildOptions(entry, outdir, target), sourcemap: false, metafile: true, logLevel: 'silent', nodePaths: [join(process.cwd(), 'node_modules')] });
  const outputs = out.metafile!.outputs;
  const started = new Set<string>();
  const visit = (file: string) => {
    if (started.has(file) || !outputs[file]) return;
    started.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(Object.keys(outputs).find((f) => f.endsWith('/index.mjs'))!);
  const bytes = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + outputs[f].bytes, 0);
  return { startBytes: bytes(started), totalBytes: bytes(Object.keys(outputs)) };
}

/** Milliseconds a fresh Node process takes to import the module (its own startup excluded). */
function loadMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, AWS_REGION: 'ap-northeast-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  if (out.status !== 0) throw new Error(`Loading ${file} failed: ${out.stderr}`);
  return Number(out.stdout);
}

export async function lambdaBundleFigures(): Promise<Figure[]> {
  const entries: [string, string][] = [
    ...domains.map((d): [string, string] => [d, `lambdas/${d}/handler.ts`]),
    ...readdirSync('lambdas/events')
      .filter((f) => f.endsWith('.ts') && !['event-bridge.ts', 'job-handlers.ts'].includes(f))
      .map((f): [string, string] => [`events/${f.replace(/\.ts$/, '')}`, `lambdas/events/${f}`]),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'bench-lambda-'));
  try {
    const files = new Map<string, { file: string; startBytes: number; totalBytes: number }>();
    const add = async (name: string, entry: string) => {
      const outdir = join(dir, name.replace(/\//g, '-'));
      files.set(name, { file: join(outdir, 'index.mjs'), ...(await bundle(entry, outdir)) });
    };
    const baselineEntry = join(dir, 'baseline.ts');
    writeFileSync(baselineEntry, baselineSource);
    await add(BASELINE, baselineEntry);
    for (const [name, entry] of entries) await add(name, entry);

    const samples = new Map<string, number[]>([...files.keys()].map((k) => [k, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, { file }] of files) samples.get(name)!.push(loadMs(file));
    }
    const base = median(samples.get(BASELINE)!);
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    const baseline = files.get(BASELINE)!;
    const rows: Figure[] = [[`Lambda module load, ${BASELINE} (median of ${ROUNDS}; ${kb(baseline.startBytes)} at start)`, `${base.toFixed(1)} ms`, '']];
    for (const [name] of entries) {
      const { startBytes, totalBytes } = files.get(name)!;
      const ms = median(samples.get(name)!);
      rows.push([
        `Lambda bundle ${name}: read at start / all chunks, module load / DynamoDB-only`,
        `${kb(startBytes)} / ${kb(totalBytes)}, ${(ms / base).toFixed(2)}x`,
        '< 1024 KB, <= 1.5x',
      ]);
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
