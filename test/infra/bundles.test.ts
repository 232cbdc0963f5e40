import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../lib/constructs/lambda-bundling';
import { latestNodeRuntime } from '../../lib/constructs/platform-function';
import { repoRoot } from '../../lib/settings';

const dir = mkdtempSync(join(tmpdir(), 'bundles-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A Lambda bundle as PlatformFunction builds it (lambda-bundling.ts: minified ESM, SDK bundled, code-split), with
 * what index.mjs reads at start (itself and the chunks it imports statically) and every output.
 */
async function bundle(entry: string) {
  const outdir = join(dir, entry.replace(/\W/g, '-'));
  const target = latestNodeRuntime().name.replace(/^nodejs(\d+)\.x$/, 'node$1');
  const out = await build({ ...lambdaBuildOptions(join(repoRoot, entry), outdir, target), absWorkingDir: repoRoot, metafile: true, logLevel: 'silent' });
  const outputs = (out.metafile as Metafile).outputs;
  const code = Object.keys(outputs).filter((f) => f.endsWith('.mjs'));
  const atStart = new Set<string>();
  const visit = (f: string) => {
    if (atStart.has(f)) return;
    atStart.add(f);
    for (const i of outputs[f]!.imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(code.find((f) => f.endsWith('/index.mjs'))!);
  const inputsOf = (files: Iterable<string>) => [...files].flatMap((f) => Object.keys(outputs[f]!.inputs));
  return {
    outdir,
    code,
    startBytes: [...atStart].reduce((sum, f) => sum + outputs[f]!.bytes, 0),
    startInputs: inputsOf(atStart),
    allInputs: inputsOf(code),
  };
}

describe('Lambda bundles', () => {
  it('scheduled-job starts without zod (it was ~470 KB with it; its input is checked by hand): each job kind is a chunk loaded when it runs', async () => {
    const job = await bundle('lambdas/events/scheduled-job.ts');
    expect(job.startInputs.filter((i) => i.includes('node_modules/zod/'))).toEqual([]);
    expect(job.startInputs).toContain('lambdas/events/scheduled-job.ts');
    for (const kind of ['lambdas/mail/send-email/send-job.ts', 'lambdas/mail/workflows/workflow-job.ts', 'lambdas/members/member-import/import-job.ts']) {
      expect(job.startInputs, kind).not.toContain(kind);
      expect(job.allInputs, kind).toContain(kind);
    }
    // The same measure of a bundle that does load zod, so the bound below is not a guess.
    const withZod = await bundle('lambdas/events/mail-event.ts');
    expect(withZod.startInputs.some((i) => i.includes('node_modules/zod/'))).toBe(true);
    expect(job.startBytes).toBeLessThan(100 * 1024);
    expect(job.startBytes * 4).toBeLessThan(withZod.startBytes);
  });

  it('keeps the S3 and MediaConvert clients out of what a cold start reads, in chunks that load', async () => {
    const media = await bundle('lambdas/media/handler.ts');
    const sdk = (inputs: string[], pkg: string) => inputs.some((i) => i.includes(`node_modules/${pkg}/`));
    for (const pkg of ['@aws-sdk/client-s3', '@aws-sdk/client-mediaconvert']) {
      expect(sdk(media.startInputs, pkg), pkg).toBe(false);
      expect(sdk(media.allInputs, pkg), pkg).toBe(true);
    }
    expect(sdk(media.startInputs, '@aws-sdk/client-dynamodb')).toBe(true);
    // Every file of the bundle is a module Node can load from the deployed folder.
    for (const file of media.code) await import(pathToFileURL(join(repoRoot, file)).href);
  }, 60_000);
});
