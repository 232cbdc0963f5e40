import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';

/**
 * The esbuild settings every Lambda bundle uses, shared by the CDK construct and the bench so the
 * bench measures exactly what is deployed.
 */
// dist-es builds of the AWS SDK tree-shake; the CommonJS ones do not.
export const LAMBDA_MAIN_FIELDS = ['module', 'main'];
// ESM output still meets CommonJS dependencies that call require().
export const LAMBDA_ESM_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * One Lambda's bundle: `index.mjs` (handler `index.handler`) in `outdir`, ESM, minified, the AWS SDK bundled
 * (pinned, tree-shaken). Code-split: what the code loads with `import()` (the S3, Cognito, SES, MediaConvert,
 * Scheduler and Secrets Manager clients, behind their ports) is its own chunk under `chunks/`, read only when a
 * request first needs it, so a function's cold start loads only what every request uses (`npm run bench`).
 */
export function lambdaBuildOptions(entry: string, outdir: string, target: string): BuildOptions {
  return {
    entryPoints: { index: entry },
    bundle: true,
    minify: true,
    platform: 'node',
    target,
    format: 'esm',
    splitting: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    mainFields: LAMBDA_MAIN_FIELDS,
    banner: { js: LAMBDA_ESM_BANNER },
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  };
}

/**
 * Deletes the chunks nothing in the bundle can load. esbuild still writes the chunk of a dynamic `import()` that
 * tree-shaking removed (a port's SDK client whose caller this function does not have): such a file is never read,
 * but it is uploaded, and it makes the function look as if it carried that client (test/grants/ counts what a
 * function can load). Reachable: the entry's output and whatever it imports, statically or dynamically.
 */
export function pruneUnreachableChunks(outdir: string, metafile: Metafile, absWorkingDir: string): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((f) => f.endsWith('/index.mjs') || f === 'index.mjs');
  if (!entry) throw new Error('The bundle has no index.mjs');
  const reachable = new Set<string>();
  const visit = (file: string) => {
    if (reachable.has(file) || !outputs[file]) return;
    reachable.add(file);
    for (const i of outputs[file].imports) if (!i.external) visit(i.path);
  };
  visit(entry);
  const removed: string[] = [];
  for (const file of Object.keys(outputs)) {
    if (!file.endsWith('.mjs') || reachable.has(file)) continue;
    const path = join(absWorkingDir, file);
    rmSync(path, { force: true });
    rmSync(`${path}.map`, { force: true });
    removed.push(relative(outdir, path));
  }
  return removed;
}
