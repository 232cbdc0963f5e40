import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_ESM_BANNER, LAMBDA_MAIN_FIELDS } from '../../lib/constructs/lambda-bundling';
import { latestNodeRuntime } from '../../lib/constructs/platform-function';
import { repoRoot } from '../../lib/settings';

/** A Lambda bundle as PlatformFunction builds it (minified ESM, SDK bundled), with esbuild's metafile. */
async function bundle(entry: string): Promise<{ bytes: number; inputs: string[] }> {
  const out = await build({
    entryPoints: [join(repoRoot, entry)],
    absWorkingDir: repoRoot,
    bundle: true,
    minify: true,
    platform: 'node',
    target: latestNodeRuntime().name.replace(/^nodejs(\d+)\.x$/, 'node$1'),
    format: 'esm',
    mainFields: LAMBDA_MAIN_FIELDS,
    banner: { js: LAMBDA_ESM_BANNER },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { bytes: out.outputFiles[0]!.contents.length, inputs: Object.keys((out.metafile as Metafile).inputs) };
}

describe('Lambda bundles', () => {
  it('scheduled-job carries no zod (it was ~470 KB with it; its input is checked by hand)', async () => {
    const job = await bundle('lambdas/events/scheduled-job.ts');
    expect(job.inputs.filter((i) => i.includes('node_modules/zod/'))).toEqual([]);
    expect(job.inputs).toContain('lambdas/events/scheduled-job.ts');
    // The same measure of a bundle that does load zod, so the bound below is not a guess.
    const withZod = await bundle('lambdas/events/mail-event.ts');
    expect(withZod.inputs.some((i) => i.includes('node_modules/zod/'))).toBe(true);
    expect(job.bytes).toBeLessThan(100 * 1024);
    expect(job.bytes * 4).toBeLessThan(withZod.bytes);
  });
});
