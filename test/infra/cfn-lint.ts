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

/** Every template of a cloud assembly. */
export const templatesIn = (outdir: string): string[] =>
  readdirSync(outdir)
    .filter((f) => f.endsWith('.template.json'))
    .map((f) => join(outdir, f));

/** cfn-lint over the templates; its exit status counts warnings too, so the JSON report is what is read. */
export function cfnLint(templates: string[]): LintMatch[] {
  const run = spawnSync('cfn-lint', ['--format', 'json', '--', ...templates], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // A missing linter fails the test, saying how to get it: an unlinted template must not pass as a linted one.
  if (run.error) throw new Error(`cfn-lint did not run (${run.error.message}): install it with \`pip install cfn-lint\` (scripts/ensure.mjs tries this itself)`);
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
