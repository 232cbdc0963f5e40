import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds web/dist when any web or shared source is newer than the last build. */
export async function buildWebIfStale(log: (l: string) => void): Promise<void> {
  const built = existsSync('web/dist/index.html') ? statSync('web/dist/index.html').mtimeMs : 0;
  const sources = Math.max(newestMtime('web'), newestMtime('shared'), newestMtime('package-lock.json'));
  if (built >= sources) return;
  log('Building the web app …');
  const out = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '-c', 'web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (out.status !== 0) throw new Error('The web build failed (see above).');
}
