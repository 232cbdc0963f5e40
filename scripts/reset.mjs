#!/usr/bin/env node
// `npm run reset` wipes the local platform's data (.local/, or LOCAL_DATA_DIR) after asking; `-- --yes` skips the question.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';

const dir = resolve(process.env.LOCAL_DATA_DIR ?? '.local');
if (!existsSync(dir)) {
  console.log(`Nothing to reset: ${dir} does not exist.`);
  process.exit(0);
}
let yes = process.argv.includes('--yes') || process.argv.includes('-y');
if (!yes) {
  if (!process.stdin.isTTY) {
    console.error('Refusing to delete without confirmation: run `npm run reset -- --yes`.');
    process.exit(1);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`Delete all local data in ${dir} (users, teams, uploads)? [y/N] `);
  rl.close();
  yes = /^y(es)?$/i.test(answer.trim());
}
if (!yes) {
  console.log('Nothing deleted.');
  process.exit(0);
}
rmSync(dir, { recursive: true, force: true });
console.log(`Deleted ${dir}. The next npm start creates everything again with fresh demo data.`);
