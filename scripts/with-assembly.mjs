#!/usr/bin/env node
// `npm run test:integration -- --assembly` and `npm run test:e2e -- --assembly`: the suite's local platform runs the
// functions from a fresh `cdk synth` (LOCAL_ASSEMBLY=1, read by bin/local.ts and the integration setup) instead of
// from source. Every other argument goes to the test runner unchanged.
import { spawnSync } from 'node:child_process';

const [command, ...rest] = process.argv.slice(2);
const assembly = rest.includes('--assembly');
const args = rest.filter((a) => a !== '--assembly');
const out = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...(assembly ? { LOCAL_ASSEMBLY: '1' } : {}) } });
process.exit(out.status ?? 1);
