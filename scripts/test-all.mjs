#!/usr/bin/env node
// `npm test`: every suite in order; stops at the first failing one and exits non-zero.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['integration', 'npx', ['vitest', 'run', '--project', 'integration']],
  ['infra', 'npx', ['vitest', 'run', '--project', 'infra']],
  ['web build', 'npm', ['run', 'build:web']],
  ['e2e', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const out = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1' } });
  results.push(`${name}: ${out.status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)}s)`);
  if (out.status !== 0) {
    console.log(`\n${results.join('\n')}`);
    process.exit(out.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\nAll suites passed.`);
