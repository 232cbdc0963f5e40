import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Node 20 here; the AWS SDK's notice about its future Node 22 requirement is noise in test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          // One platform (DynamoDB Local, cognito-local, s3rver, SES) serves every file; files run one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Journeys under injected faults (npm run faults; issue 29 point 5): the integration platform, faults on.
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Reads what the integration suite in assembly mode left (test/grants/evidence-files.ts): run after it.
          name: 'grants',
          include: ['test/grants/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
