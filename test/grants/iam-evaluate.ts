import type { AwsCallRecord } from '../../lambdas/platform/aws-calls';
import type { AssemblyFunction, CloudAssembly } from '../../local/assembly/cloud-assembly';

/**
 * IAM's decision for the requests a function sent, against the Allow statements of its synthesized role: what the
 * grant-evidence test needs of IAM's policy evaluation (identity policies only; no Deny, boundary or SCP exists in
 * the platform's templates, and a statement shape this does not know fails instead of being guessed).
 */
export interface Statement {
  actions: string[];
  resources: string[];
  condition?: Record<string, Record<string, string | string[]>>;
  /** Where it comes from, for messages. */
  source: string;
}

const asList = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

/** IAM's wildcard match: `*` any run of characters, `?` one; actions compare case-insensitively. */
export function globMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const escaped = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, ignoreCase ? 'i' : '').test(value);
}

/** One condition block, as IAM evaluates it for the request's context keys (a key missing from the request: see below). */
function conditionHolds(condition: Statement['condition'], keys: Record<string, string[]>): boolean {
  if (!condition) return true;
  return Object.entries(condition).every(([operator, tests]) =>
    Object.entries(tests).every(([key, expected]) => {
      const values = keys[key];
      const allowed = asList(expected);
      const like = (v: string) => allowed.some((p) => globMatch(p, v));
      const equals = (v: string) => allowed.includes(v);
      switch (operator) {
        // ForAllValues holds for a missing or empty key (IAM's documented pitfall); every value must match otherwise.
        case 'ForAllValues:StringLike':
          return (values ?? []).every(like);
        case 'ForAllValues:StringEquals':
          return (values ?? []).every(equals);
        case 'ForAnyValue:StringLike':
          return (values ?? []).some(like);
        case 'StringLike':
        case 'ArnLike':
          return values !== undefined && values.length > 0 && values.every(like);
        case 'StringEquals':
        case 'ArnEquals':
          return values !== undefined && values.length > 0 && values.every(equals);
        default:
          throw new Error(`Condition operator ${operator} is not evaluated by the grant-evidence test`);
      }
    }),
  );
}

export function allows(statement: Statement, record: Pick<AwsCallRecord, 'action' | 'resource' | 'conditionKeys'>): boolean {
  return (
    statement.actions.some((a) => globMatch(a, record.action, true)) &&
    statement.resources.some((r) => globMatch(r, record.resource)) &&
    conditionHolds(statement.condition, record.conditionKeys ?? {})
  );
}

/** The Allow statements of a function's execution role: its inline policies and the AWS::IAM::Policy resources attached to it. */
export function roleStatements(assembly: CloudAssembly, fn: AssemblyFunction): Statement[] {
  if (!fn.roleLogicalId) throw new Error(`${fn.name} has no role of its own stack`);
  const stack = assembly.stacks.find((s) => s.name === fn.stack)!;
  const resolve = (v: unknown) => assembly.resolver.value(fn.stack, v);
  const documents: { doc: unknown; source: string }[] = [];
  const role = stack.template.Resources[fn.roleLogicalId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${fn.name}: ${fn.roleLogicalId} is not a role`);
  if (role.Properties?.ManagedPolicyArns) throw new Error(`${fn.name}: managed policies are not evaluated by the grant-evidence test`);
  for (const p of (role.Properties?.Policies as { PolicyDocument: unknown; PolicyName: string }[] | undefined) ?? []) {
    documents.push({ doc: p.PolicyDocument, source: `${fn.roleLogicalId}/${p.PolicyName}` });
  }
  for (const [id, r] of Object.entries(stack.template.Resources)) {
    if (r.Type !== 'AWS::IAM::Policy') continue;
    const roles = (r.Properties?.Roles as { Ref?: string }[] | undefined) ?? [];
    if (roles.some((x) => x.Ref === fn.roleLogicalId)) documents.push({ doc: r.Properties?.PolicyDocument, source: id });
  }
  return documents.flatMap(({ doc, source }) =>
    ((doc as { Statement: Record<string, unknown>[] }).Statement ?? []).map((s): Statement => {
      if (s.Effect !== 'Allow' || s.NotAction || s.NotResource) throw new Error(`${source}: only Allow with Action and Resource is evaluated (${JSON.stringify(s)})`);
      return {
        actions: asList(s.Action),
        resources: asList(resolve(s.Resource)),
        condition: s.Condition ? (resolve(s.Condition) as Statement['condition']) : undefined,
        source,
      };
    }),
  );
}

export interface Evaluation {
  /** Requests no statement allows: `<function>: <action> on <resource>`. */
  denied: string[];
  /** Per function, the statements' action/resource pairs no request used. */
  unused: string[];
}

export function evaluate(assembly: CloudAssembly, records: AwsCallRecord[]): Evaluation {
  const denied = new Set<string>();
  const unused: string[] = [];
  for (const fn of assembly.functions) {
    const statements = roleStatements(assembly, fn);
    const mine = records.filter((r) => r.function === fn.name);
    for (const r of mine) {
      if (!statements.some((s) => allows(s, r))) {
        const keys = r.conditionKeys ? ` (${Object.entries(r.conditionKeys).map(([k, v]) => `${k}=${v.join(',')}`).join('; ')})` : '';
        denied.add(`${fn.name}: ${r.action} on ${r.resource}${keys}`);
      }
    }
    for (const s of statements) {
      for (const action of s.actions) {
        if (action.startsWith('logs:') || action.startsWith('xray:') || action.startsWith('sqs:')) continue;
        for (const resource of s.resources) {
          if (!mine.some((r) => globMatch(action, r.action, true) && globMatch(resource, r.resource))) unused.push(`${fn.name}: ${action} on ${resource}`);
        }
      }
    }
  }
  return { denied: [...denied].sort(), unused };
}
