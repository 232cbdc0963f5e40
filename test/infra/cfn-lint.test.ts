import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../lib/settings';
import { cfnLint, lintErrors, templatesIn } from './cfn-lint';
import { synthesizePlatform, type Synthesized } from './synth';

/** The development synth (`npx cdk synth` defaults); the README's prod context is linted in readme-deploy.test.ts. */
let s: Synthesized;
beforeAll(() => {
  s = synthesizePlatform();
});
afterAll(() => s?.cleanup());

describe('synthesized templates', () => {
  it('pass cfn-lint with no error', () => {
    const templates = templatesIn(s.outdir);
    expect(templates).toHaveLength(7);
    expect(lintErrors(cfnLint(templates))).toEqual([]);
  });

  it('reference other stacks only through exports (no weak Fn::GetStackOutput, no global weak references)', () => {
    const flags = (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
    expect(flags['@aws-cdk/core:defaultCrossStackReferences']).toBe('strong');
    const all = templatesIn(s.outdir).map((t) => readFileSync(t, 'utf8'));
    for (const text of all) expect(text).not.toContain('Fn::GetStackOutput');
    expect(all.some((text) => text.includes('Fn::ImportValue'))).toBe(true);
  });
});
