import { CfnResource, Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 acknowledgements go through CDK's `Validations.of(x).acknowledge`, one finding at a time
 * (no prefix matching). These helpers keep every acknowledgement specific and explained.
 */

const MIN_REASON = 10;

export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (reason.trim().length < MIN_REASON) throw new Error(`acknowledgement of ${id} needs a reason`);
  Validations.of(scope).acknowledge({ id, reason });
}

/** Same flattening cdk-nag applies to policy resources before naming an IAM5 finding. */
export function flattenReference(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\${/g, '<').replace(/}/g, '>');
  if (Array.isArray(value)) return JSON.stringify(value);
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
    return items.map(flattenReference).join(delimiter);
  }
  if (node['Fn::Sub']) return flattenReference(node['Fn::Sub']);
  if (node['Fn::GetAtt']) {
    const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
    return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
  }
  if (node['Fn::ImportValue']) return flattenReference(node['Fn::ImportValue']);
  if (node.Ref) return `<${flattenReference(node.Ref)}>`;
  return JSON.stringify(value);
}

/**
 * Acknowledges AwsSolutions-IAM5 for one wildcard resource we wrote ourselves. The resource must be built
 * from names and pseudo parameters (no cross-stack token), so it resolves now exactly as in the template.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  const flat = flattenReference(Stack.of(scope).resolve(resource));
  if (!flat.includes('*')) return;
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${flat}]`, reason);
}

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The IAM5 finding ids cdk-nag would raise for the policies defined under `scope`. */
export function wildcardFindings(scope: IConstruct): string[] {
  const stack = Stack.of(scope);
  const found = new Set<string>();
  const documents: unknown[] = [];
  for (const c of scope.node.findAll()) {
    if (c instanceof CfnPolicy) documents.push(stack.resolve(c.policyDocument));
    if (c instanceof CfnRole) {
      for (const p of asArray(stack.resolve(c.policies) as { policyDocument: unknown }[] | undefined)) {
        documents.push(stack.resolve(p.policyDocument));
      }
    }
  }
  for (const doc of documents) {
    for (const s of asArray((doc as { Statement?: PolicyStatementJson[] }).Statement)) {
      if (s.Effect !== 'Allow') continue;
      for (const a of asArray(s.Action)) if (a.includes('*')) found.add(`AwsSolutions-IAM5[Action::${a}]`);
      for (const r of asArray(s.Resource)) {
        const flat = flattenReference(r);
        if (flat.includes('*')) found.add(`AwsSolutions-IAM5[Resource::${flat}]`);
      }
    }
  }
  return [...found];
}

/**
 * For constructs CDK generates and we cannot shape (BucketDeployment's handler): acknowledge each
 * wildcard finding of their own policies, named one by one, with the reason they exist.
 */
export function acknowledgeGeneratedWildcards(scope: IConstruct, reason: string): void {
  for (const id of wildcardFindings(scope)) acknowledge(scope, id, reason);
}

/** The singleton Lambda CDK adds at stack level for a construct type (e.g. `Custom::CDKBucketDeployment`). */
export function findSingleton(stack: Stack, idPrefix: string): IConstruct | undefined {
  return stack.node.children.find((c) => c.node.id.startsWith(idPrefix) && !(c instanceof CfnResource));
}

/** Findings shared by both distributions, which run without geo blocking (and without a domain unless given); the media one without WAF. */
export function acknowledgeDistributionDefaults(distribution: IConstruct, opts: { customCertificate: boolean; webAcl?: boolean }): void {
  // With a certificate CDK sets TLSv1.2_2021, so CFR4 only fires on the default *.cloudfront.net one.
  if (!opts.customCertificate) {
    acknowledge(
      distribution,
      'AwsSolutions-CFR4',
      'No custom domain is configured, so the default *.cloudfront.net certificate is used, which fixes the minimum TLS policy.',
    );
  }
  acknowledge(
    distribution,
    'AwsSolutions-CFR1',
    'Operators and members may be anywhere; access is restricted per team (IP allow lists, SPEC §3) by the API, not by country.',
  );
  if (!opts.webAcl) {
    acknowledge(
      distribution,
      'AwsSolutions-CFR2',
      'The web ACL (lib/stacks/edge-stack.ts) guards the web distribution, where the API and the SPA are; this one serves only media objects behind signed cookies, with no request body or query an attack could carry.',
    );
  }
}
