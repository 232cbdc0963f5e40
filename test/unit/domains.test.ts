import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAIN_GRANTS, domainEntry } from '../../lambdas/domains';
import { domainHandlers } from '../../local/domain-handlers';
import { domains } from '../../shared/api/define';
import { allCalls } from '../../shared/api/registry';

const root = join(import.meta.dirname, '..', '..');

describe('the domain table (lambdas/domains.ts)', () => {
  it('names every declared domain, and the local gateway has a handler for each', () => {
    expect(Object.keys(DOMAIN_GRANTS).sort()).toEqual([...domains].sort());
    expect(Object.keys(domainHandlers).sort()).toEqual([...domains].sort());
  });

  it('runs locally the very handler AWS runs: the one exported by the domain’s entry', async () => {
    for (const domain of domains) {
      const entry = domainEntry(domain);
      expect(existsSync(join(root, entry)), entry).toBe(true);
      const mod = (await import(join(root, entry))) as { handler: unknown };
      expect(domainHandlers[domain], domain).toBe(mod.handler);
    }
  });

  it('has a domain for every call', () => {
    for (const call of allCalls) expect(DOMAIN_GRANTS, call.path).toHaveProperty(call.domain);
  });
});
