import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One platform with one DynamoDB Local and one cognito-local serves every test: run them in order.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:3100',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; a downloaded browser is never used (DESIGN §1).
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx bin/local.ts',
    cwd: repoRoot,
    url: 'http://localhost:3100/api/health',
    env: { PORT: '3100', LOCAL_DATA_DIR: '.local/e2e' },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
