import { inject } from 'vitest';

// The handlers and ports read their configuration from the environment; point them at the test platform.
Object.assign(process.env, inject('platformEnv'));
