import type { FieldIssue } from './issues';

/** Names compare as a person reads them: surrounding spaces do not make two names different. */
const normalise = (name: string) => name.trim();

/** Issues on every repeat of a name after its first use (the first one stays clean). */
export function duplicateIssues(
  names: readonly string[],
  pathOf: (index: number) => (string | number)[],
  failure: FieldIssue['code'],
): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  names.forEach((name, index) => {
    const key = normalise(name);
    if (key === '') return;
    if (seen.has(key)) issues.push({ path: pathOf(index), code: failure });
    seen.add(key);
  });
  return issues;
}

/**
 * SPEC §5 options of a choice question (survey and test alike): at least two, none empty,
 * none repeated. `base` is the path of the question's options.
 */
export function checkOptionLabels(labels: readonly string[], base: (string | number)[]): FieldIssue[] {
  if (labels.length < 2) return [{ path: base, code: 'validation/options_too_few' }];
  const empty: FieldIssue[] = labels.flatMap((label, index) =>
    normalise(label) === '' ? [{ path: [...base, index], code: 'validation/option_label_required' as const }] : [],
  );
  return [...empty, ...duplicateIssues(labels, (index) => [...base, index], 'validation/duplicate_option_label')];
}
