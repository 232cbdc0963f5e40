#!/usr/bin/env node
// `npm test`: every suite in order; stops at the first failing one and exits non-zero, and prints each suite's time.
// The integration suite and the e2e smoke run in assembly mode: the functions are the bundles of a fresh `cdk synth`
// of the dev stage, each in its own worker, wired as the templates say (local/assembly/). The grant-evidence test
// then holds every AWS request those functions sent to their synthesized roles (test/grants/).
import { spawnSync } from 'node:child_process';

/** Browser journeys run a second time on the synthesized assembly: sign-up and sign-in, mail, playback, payments. */
const E2E_ASSEMBLY_SMOKE = ['foundation.spec.ts', 'email-case.spec.ts', 'comments.spec.ts', 'playback.spec.ts', 'payments.spec.ts'];

const assembly = { LOCAL_ASSEMBLY: '1' };
const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['integration (assembly)', 'npx', ['vitest', 'run', '--project', 'integration'], assembly],
  ['grants', 'npx', ['vitest', 'run', '--project', 'grants']],
  ['infra', 'npx', ['vitest', 'run', '--project', 'infra']],
  ['web build', 'npm', ['run', 'build:web']],
  ['e2e', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']],
  ['e2e smoke (assembly)', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts', ...E2E_ASSEMBLY_SMOKE.map((f) => `test/e2e/${f}`)], assembly],
];

const results = [];
for (const [name, cmd, args, env = {}] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const out = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1', ...env } });
  results.push(`${name}: ${out.status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)}s)`);
  if (out.status !== 0) {
    console.log(`\n${results.join('\n')}`);
    process.exit(out.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\nAll suites passed.`);
