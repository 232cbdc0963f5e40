import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../../lib/settings';

/**
 * A fresh cloud assembly of the dev stage, exactly as `cdk synth -o <dir>` writes it before `cdk deploy` uploads it
 * (same CLI, same cdk.json context, same bundling). Assembly mode runs the platform from it.
 */
export function synthAssembly(outDir: string, log: (line: string) => void = console.log): string {
  const dir = resolve(outDir);
  rmSync(dir, { recursive: true, force: true });
  const started = Date.now();
  log(`Synthesizing the cloud assembly (npx cdk synth -o ${dir}) …`);
  const out = spawnSync('npx', ['cdk', 'synth', '--quiet', '--no-notices', '-o', dir], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' },
  });
  if (out.status !== 0 || !existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`cdk synth failed (exit ${out.status}):\n${out.stderr || out.stdout}`);
  }
  log(`Synthesized in ${Math.round((Date.now() - started) / 1000)} s`);
  return dir;
}
