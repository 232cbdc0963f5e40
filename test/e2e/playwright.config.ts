import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// E2E_PORT lets a second run (another developer's, or a spec run on its own) use its own platform and data.
const port = Number(process.env.E2E_PORT ?? 3100);

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
  outputDir: `../../test-results/e2e-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
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
    // Fresh data every run: specs change the demo team (names, settings), and the seed writes only into an empty folder.
    command: `rm -rf .local/e2e-${port} && exec npx tsx bin/local.ts`,
    cwd: repoRoot,
    url: `http://localhost:${port}/api/health`,
    // LOCAL_ASSEMBLY=1 (`npm run test:e2e -- --assembly`): the platform runs the functions of a fresh `cdk synth`.
    env: { PORT: String(port), LOCAL_DATA_DIR: `.local/e2e-${port}`, LOCAL_ASSEMBLY: process.env.LOCAL_ASSEMBLY ?? '' },
    timeout: 420_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
