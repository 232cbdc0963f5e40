import type { BuildOptions } from 'esbuild';

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
