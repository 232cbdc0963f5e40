import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { definePlatform, type Platform } from '../../lib/platform';
import { repoRoot } from '../../lib/settings';

/** The context `cdk` passes from cdk.json (feature flags), so tests synthesize what the CLI does. */
export const cdkJsonContext = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** A stand-in for `web/dist`, so the deployment path is tested whether or not the web has been built. */
export function fakeWebDist(dir: string): string {
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  return dist;
}

export interface Synthesized {
  app: App;
  platform: Platform;
  templates: Record<'data' | 'auth' | 'mail' | 'media' | 'api' | 'edge' | 'web', Template>;
  /** The cloud assembly directory (staged assets live here). */
  outdir: string;
  cleanup: () => void;
}

/**
 * Builds and synthesizes the whole app once (every Lambda is bundled by esbuild, so callers share one
 * per test file). Synthesis runs cdk-nag as a validation plugin and throws on unacknowledged findings.
 */
export function synthesizePlatform(
  context: Record<string, unknown> = {},
  /** Context that needs the scratch folder (files the command line names), written there. */
  files: (dir: string) => Record<string, unknown> = () => ({}),
  /** Changes to the constructs before synthesis, as a later version of lib/ would make them. */
  adjust: (platform: Platform) => void = () => {},
): Synthesized {
  const dir = mkdtempSync(join(tmpdir(), 'infra-test-'));
  const app = new App({
    outdir: join(dir, 'cdk.out'),
    context: { ...cdkJsonContext(), webDistDir: fakeWebDist(dir), ...context, ...files(dir) },
  });
  // Env-agnostic, as with no credentials: templates must not depend on the machine running the tests.
  const saved = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  delete process.env.CDK_DEFAULT_ACCOUNT;
  delete process.env.CDK_DEFAULT_REGION;
  let platform: Platform;
  try {
    platform = definePlatform(app);
    adjust(platform);
    app.synth();
  } finally {
    if (saved.account !== undefined) process.env.CDK_DEFAULT_ACCOUNT = saved.account;
    if (saved.region !== undefined) process.env.CDK_DEFAULT_REGION = saved.region;
  }
  const t = (s: (typeof platform.stacks)[number]) => Template.fromStack(s);
  return {
    app,
    platform,
    templates: {
      data: t(platform.data),
      auth: t(platform.auth),
      mail: t(platform.mail),
      media: t(platform.media),
      api: t(platform.api),
      edge: t(platform.edge),
      web: t(platform.web),
    },
    outdir: app.outdir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
