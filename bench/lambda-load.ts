/**
 * Lambda bundles as deployed (lib/constructs/lambda-bundling.ts settings): size, and module load time against a
 * bundle of only the DynamoDB clients built the same way (DESIGN §6: at most 1.5x). Each load is a fresh Node
 * process importing the bundle, the bundles taking turns so machine load weighs on all of them alike.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { domains } from '../shared/api/define';
import { LAMBDA_ESM_BANNER, LAMBDA_MAIN_FIELDS } from '../lib/constructs/lambda-bundling';
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

async function bundle(entry: { file: string } | { contents: string }): Promise<Uint8Array> {
  const target = latestNodeRuntime().name.replace(/^nodejs(\d+)\.x$/, 'node$1');
  const out = await build({
    ...('file' in entry ? { entryPoints: [entry.file] } : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: 'ts' } }),
    bundle: true,
    minify: true,
    platform: 'node',
    target,
    format: 'esm',
    mainFields: LAMBDA_MAIN_FIELDS,
    banner: { js: LAMBDA_ESM_BANNER },
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].contents;
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
    const files = new Map<string, { file: string; bytes: number }>();
    const write = (name: string, code: Uint8Array) => {
      const file = join(dir, `${name.replace(/\//g, '-')}.mjs`);
      writeFileSync(file, code);
      files.set(name, { file, bytes: code.length });
    };
    write(BASELINE, await bundle({ contents: baselineSource }));
    for (const [name, entry] of entries) write(name, await bundle({ file: entry }));

    const samples = new Map<string, number[]>([...files.keys()].map((k) => [k, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, { file }] of files) samples.get(name)!.push(loadMs(file));
    }
    const base = median(samples.get(BASELINE)!);
    const rows: Figure[] = [[`Lambda module load, ${BASELINE} (median of ${ROUNDS})`, `${base.toFixed(1)} ms`, '']];
    for (const [name] of entries) {
      const { bytes } = files.get(name)!;
      const ms = median(samples.get(name)!);
      rows.push([`Lambda bundle ${name}: size, module load / DynamoDB-only`, `${(bytes / 1024).toFixed(0)} KB, ${(ms / base).toFixed(2)}x`, '< 1024 KB, <= 1.5x']);
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
