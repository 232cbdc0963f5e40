#!/usr/bin/env node
// Installs what a fresh machine lacks before `npm start` / `npm test`: npm dependencies, and through
// apt-get (as root) Java 17 for DynamoDB Local, ffmpeg for the local transcoder, and with --with-browser
// Debian's Chromium and a Japanese font for the e2e tests (and cfn-lint with pip, for the infra tests). Uses only Node's built-ins:
// it runs before node_modules exists.
import { execSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const withBrowser = process.argv.includes('--with-browser');
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function ensureNpmDependencies() {
  const lock = existsSync('package-lock.json') ? readFileSync('package-lock.json') : Buffer.from('');
  const digest = createHash('sha256').update(lock).update(readFileSync('package.json')).digest('hex');
  const stamp = 'node_modules/.install-stamp';
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  console.log('Installing npm dependencies …');
  execSync(existsSync('package-lock.json') ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', {
    stdio: 'inherit',
  });
  writeFileSync(stamp, digest);
}

function javaMajor() {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const m = /version "(\d+)/.exec(`${out.stderr}${out.stdout}`);
  return m ? Number(m[1]) : 0;
}

function ensureSystemPackages() {
  const missing = [];
  if (!has('java') || javaMajor() < 17) missing.push('openjdk-17-jre-headless');
  if (!has('ffmpeg') || !has('ffprobe')) missing.push('ffmpeg');
  if (withBrowser && !existsSync('/usr/bin/chromium')) missing.push('chromium');
  // Japanese text in the e2e screenshots (and the bench's pages) needs a Japanese font, else it draws as boxes.
  if (withBrowser && !existsSync('/usr/share/fonts/opentype/ipafont-gothic')) missing.push('fonts-ipafont-gothic');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`Missing system packages. Run as root: ${command}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get …`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * cfn-lint (a Python tool, for the infra tests) with pip when it is missing. PyPI may be out of reach: the infra
 * tests then fail saying how to install it, rather than pass without linting.
 */
function ensureCfnLint() {
  if (!withBrowser || has('cfn-lint')) return;
  console.log('Installing cfn-lint with pip …');
  const pip = spawnSync('python3', ['-m', 'pip', 'install', '--quiet', 'cfn-lint'], { stdio: 'inherit' });
  if (pip.status !== 0) console.warn('cfn-lint could not be installed (pip install cfn-lint): the infra tests that run it will fail.');
}

ensureSystemPackages();
ensureNpmDependencies();
ensureCfnLint();
