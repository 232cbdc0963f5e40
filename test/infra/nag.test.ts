import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgements, staleAcknowledgements } from './nag-findings';
import { synthesizePlatform, type Synthesized } from './synth';

/**
 * cdk-nag v3 runs as a CDK validation plugin (registered in lib/platform.ts) and its acknowledgements are
 * `Validations.of(x).acknowledge({ id, reason })`; synthesis itself fails on any unacknowledged finding.
 */
let s: Synthesized;
beforeAll(() => {
  s = synthesizePlatform();
});
afterAll(() => s?.cleanup());

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unacknowledged error or warning', () => {
    const report = new AwsSolutionsChecks().validateScope(s.app);
    const summary = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(summary).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('reports nothing through annotations on any stack', () => {
    for (const stack of s.platform.stacks) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')), stack.stackName).toHaveLength(0);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toHaveLength(0);
      // CDK's own warnings (imported buckets in OAC and access logs) are acknowledged with reasons too.
      expect(annotations.findWarning('*', Match.anyValue()), stack.stackName).toHaveLength(0);
    }
  });

  it('passed validation during synthesis (the same gate as `cdk synth`)', () => {
    const report = JSON.parse(readFileSync(join(s.outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { conclusion?: string }[];
    };
    for (const r of report.pluginReports) expect(r.conclusion).not.toBe('failure');
  });

  it('writes every acknowledgement into the templates with a reason of at least 10 characters', () => {
    let count = 0;
    for (const [name, template] of Object.entries(s.templates)) {
      for (const [id, resource] of Object.entries(template.toJSON().Resources as Record<string, { Metadata?: Record<string, unknown> }>)) {
        const rules = (resource.Metadata?.cdk_nag as { rules_to_suppress?: { id: string; reason: string }[] } | undefined)
          ?.rules_to_suppress;
        for (const rule of rules ?? []) {
          count++;
          expect(rule.id, `${name}/${id}`).toMatch(/\S/);
          expect(rule.reason.trim().length, `${name}/${id} ${rule.id}`).toBeGreaterThanOrEqual(10);
        }
      }
    }
    expect(count).toBeGreaterThan(0);
  });

  it('gives every acknowledgement in the construct tree a reason of at least 10 characters', () => {
    const acks = acknowledgements(s.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) expect(a.reason.trim().length, `${a.path} ${a.id}`).toBeGreaterThanOrEqual(10);
  });

  it('acknowledges only findings that exist (no stale or blanket acknowledgement)', () => {
    expect(acknowledgements(s.app).length).toBeGreaterThan(0);
    expect(staleAcknowledgements(s.app)).toEqual([]);
  });
});
