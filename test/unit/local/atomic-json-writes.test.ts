import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const preload = fileURLToPath(new URL('../../../local/atomic-json-writes.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'atomic-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` in a plain node process with the preload cognito-local gets (local/emulators.ts). */
const runWithPreload = (script: string) => execFileSync(process.execPath, ['--import', preload, '--input-type=commonjs', '-e', script], { cwd: dir, encoding: 'utf8' });

describe('atomic JSON writes (preloaded into cognito-local)', () => {
  it('keeps the writes to one file in the order they were asked, and leaves no temporary file', () => {
    const out = runWithPreload(`
      const fs = require('node:fs');
      let left = 40;
      for (let i = 1; i <= 40; i++) {
        // Older versions are bigger, so an unordered write would finish later and win.
        fs.writeFile('pool.json', JSON.stringify({ version: i, pad: 'x'.repeat((41 - i) * 20000) }), (e) => {
          if (e) throw e;
          if (--left === 0) process.stdout.write('done');
        });
      }
    `);
    expect(out).toBe('done');
    expect(JSON.parse(readFileSync(join(dir, 'pool.json'), 'utf8')).version).toBe(40);
    expect(readdirSync(dir)).toEqual(['pool.json']);
  });

  it('writes through a temporary file renamed over the old one, so the file is never seen half-written', () => {
    const out = runWithPreload(`
      const fs = require('node:fs');
      fs.writeFileSync('clients.json', JSON.stringify({ old: true }));
      const seen = [];
      const watcher = setInterval(() => seen.push(fs.readFileSync('clients.json', 'utf8')), 0);
      let left = 20;
      for (let i = 0; i < 20; i++)
        fs.writeFile('clients.json', JSON.stringify({ i, pad: 'y'.repeat(500000) }), () => {
          if (--left) return;
          clearInterval(watcher);
          const torn = seen.filter((text) => { try { JSON.parse(text); return false; } catch { return true; } });
          process.stdout.write(String(torn.length) + ' of ' + seen.length);
        });
    `);
    const [torn, of] = out.split(' of ').map(Number);
    expect(of).toBeGreaterThan(0);
    expect(torn).toBe(0);
  });
});
