import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** cfn-lint's JSON report entry (`cfn-lint --format json`). */
export interface LintMatch {
  Level: 'Error' | 'Warning' | 'Informational';
  Rule: { Id: string };
  Message: string;
  Filename: string;
  Location: { Path: unknown[] };
}

/** Whether cfn-lint runs here; the reason when it does not (so a skipping test can say why). */
export function cfnLintAvailability(): { available: true } | { available: false; reason: string } {
  const probe = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return {
      available: false,
      reason: `cfn-lint is not on PATH (${probe.error?.message ?? probe.stderr.trim()}): install it with \`pip install cfn-lint\` to lint the synthesized templates`,
    };
  }
  return { available: true };
}

/** Every template of a cloud assembly. */
export const templatesIn = (outdir: string): string[] =>
  readdirSync(outdir)
    .filter((f) => f.endsWith('.template.json'))
    .map((f) => join(outdir, f));

/** cfn-lint over the templates; its exit status counts warnings too, so the JSON report is what is read. */
export function cfnLint(templates: string[]): LintMatch[] {
  const run = spawnSync('cfn-lint', ['--format', 'json', '--', ...templates], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  try {
    return JSON.parse(run.stdout) as LintMatch[];
  } catch {
    throw new Error(`cfn-lint gave no JSON report (status ${run.status}): ${run.stderr || run.stdout}`);
  }
}

export const lintErrors = (matches: LintMatch[]): string[] =>
  matches
    .filter((m) => m.Level === 'Error')
    .map((m) => `${m.Rule.Id} ${m.Filename} ${m.Location.Path.join('/')}: ${m.Message}`);
