import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const preload = fileURLToPath(new URL('../../../local/cognito-sign-in-case.mjs', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface Lookup {
  options: Record<string, unknown>;
  name: string;
}

/**
 * Looks each name up with cognito-local's own user pool service in a plain node process with the preload cognito-local
 * gets (local/emulators.ts), over an in-memory store of two users; answers the user name found, or null.
 */
function lookUp(lookups: Lookup[]): (string | null)[] {
  const script = `
    const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService.js');
    const users = {
      'acc.cap@example.com': { Username: 'acc.cap@example.com', Attributes: [{ Name: 'sub', Value: 'sub-acc' }, { Name: 'email', Value: 'acc.cap@example.com' }] },
      'a1b2c3': { Username: 'a1b2c3', Attributes: [{ Name: 'sub', Value: 'a1b2c3' }, { Name: 'email', Value: 'other@example.com' }] },
    };
    const store = { get: async (_ctx, key, fallback) => (Array.isArray(key) ? users[key[1]] ?? null : key === 'Users' ? users : fallback) };
    const ctx = { logger: { debug() {} } };
    (async () => {
      const found = [];
      for (const { options, name } of ${JSON.stringify(lookups)}) {
        const pool = new UserPoolServiceImpl(store, { get: () => new Date() }, store, options);
        found.push((await pool.getUserByUsername(ctx, name))?.Username ?? null);
      }
      process.stdout.write(JSON.stringify(found));
    })();
  `;
  const out = execFileSync(process.execPath, ['--import', preload, '--input-type=commonjs', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  return JSON.parse(out) as (string | null)[];
}

const insensitive = { UsernameAttributes: ['email'], UsernameConfiguration: { CaseSensitive: false } };

describe('cognito-local compares sign-in names as its pool is configured (preloaded)', () => {
  it('a pool made case-insensitive, as the AWS pool is, finds the user however the address is capitalised', () => {
    expect(
      lookUp([
        { options: insensitive, name: 'Acc.Cap@Example.com' },
        { options: insensitive, name: 'ACC.CAP@EXAMPLE.COM' },
        { options: insensitive, name: 'acc.cap@example.com' },
        // By the e-mail sign-in attribute when the user name is something else.
        { options: insensitive, name: 'Other@Example.com' },
      ]),
    ).toEqual(['acc.cap@example.com', 'acc.cap@example.com', 'acc.cap@example.com', 'a1b2c3']);
  });

  it('is no more lenient than Cognito: a case-sensitive pool stays exact, nothing is trimmed, an e-mail that is no sign-in attribute is not a name', () => {
    expect(
      lookUp([
        { options: { UsernameAttributes: ['email'] }, name: 'Acc.Cap@Example.com' },
        { options: { UsernameAttributes: ['email'], UsernameConfiguration: { CaseSensitive: true } }, name: 'Acc.Cap@Example.com' },
        { options: insensitive, name: ' acc.cap@example.com' },
        { options: insensitive, name: 'acc.cap@example.co' },
        { options: { UsernameConfiguration: { CaseSensitive: false } }, name: 'Other@Example.com' },
        // The exact look-up, and the one by sub (tokens), are cognito-local's own.
        { options: { UsernameAttributes: ['email'] }, name: 'acc.cap@example.com' },
        { options: insensitive, name: 'sub-acc' },
      ]),
    ).toEqual([null, null, null, null, null, 'acc.cap@example.com', 'acc.cap@example.com']);
  });
});
