import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

function acknowledgements(): Acknowledgement[] {
  const out: Acknowledgement[] = [];
  for (const c of s.app.node.findAll()) {
    for (const m of c.node.metadata) {
      if (m.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(m.data as Record<string, string>)) {
        out.push({ path: c.node.path, id: id.replace(/^annotation::/i, ''), reason });
      }
    }
  }
  return out;
}

/** What AwsSolutions reports with every acknowledgement ignored. */
function rawFindings(): PolicyValidationPluginReport['violations'] {
  const pack = new AwsSolutionsChecks();
  (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  return pack.validateScope(s.app).violations;
}

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
    const acks = acknowledgements();
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) expect(a.reason.trim().length, `${a.path} ${a.id}`).toBeGreaterThanOrEqual(10);
  });

  it('acknowledges only findings that exist (no stale or blanket acknowledgement)', () => {
    const raw = rawFindings();
    for (const a of acknowledgements().filter((x) => x.id.startsWith('AwsSolutions-'))) {
      const matched = raw.some(
        (v) =>
          v.ruleName === a.id &&
          v.violatingResources.some((r) => r.constructPath === a.path || r.constructPath?.startsWith(`${a.path}/`)),
      );
      expect(matched, `${a.path} ${a.id}`).toBe(true);
    }
  });
});
