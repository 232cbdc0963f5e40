import { readFileSync } from 'node:fs';
import type { CfnResource } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAPPLY_COMMANDS } from '../../lambdas/platform/federation/cognito-commands';
import { latestNodeRuntime } from '../../lib/constructs/platform-function';
import { synthesizePlatform, type Synthesized } from './synth';

/**
 * What a later deploy keeps, shown over two synths (the deploy before and the one after a change): the teams'
 * providers on the web app client (the re-apply runs again whenever the client changes) and the web ACL on the
 * distribution (the reader of its ARN runs again whenever the ACL is replaced).
 */
type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };
let base: Synthesized;
let clientChanged: Synthesized;
let aclReplaced: Synthesized;
beforeAll(() => {
  base = synthesizePlatform();
  // A later auth stack changing one client setting (id tokens of 2 hours), as `idTokenValidity` would.
  clientChanged = synthesizePlatform({}, undefined, (p) => (p.auth.userPoolClient.node.defaultChild as CfnResource).addPropertyOverride('IdTokenValidity', 120));
  // A later edge stack renaming the ACL: WAF replaces a web ACL whose name changes, so its ARN changes.
  aclReplaced = synthesizePlatform({}, undefined, (p) => {
    p.edge.webAcl.name = `${p.settings.prefix}-web-v2`;
  });
}, 900_000);
afterAll(() => [base, clientChanged, aclReplaced].forEach((s) => s?.cleanup()));

const resources = (t: Template, type: string) => Object.entries(t.findResources(type) as Record<string, Resource>);
const only = (t: Template, type: string): [string, Resource] => {
  const all = resources(t, type);
  expect(all, type).toHaveLength(1);
  return all[0]!;
};
const reapplyOf = (s: Synthesized) => only(s.templates.auth, 'Custom::TeamProvidersOnClient');
const readerOf = (s: Synthesized) => only(s.templates.web, 'Custom::AWS')[1];

describe('the teams’ providers survive a deploy that changes the web app client', () => {
  it('re-applies them after the client, on the pool and client of this stack, with the client’s callback', () => {
    const t = base.templates.auth;
    const [poolId] = only(t, 'AWS::Cognito::UserPool');
    const [clientId, client] = only(t, 'AWS::Cognito::UserPoolClient');
    const [, reapply] = reapplyOf(base);
    expect(reapply.Properties).toMatchObject({
      UserPoolId: { Ref: poolId },
      ClientId: { Ref: clientId },
      CallbackUrls: client.Properties.CallbackURLs,
      ClientDefinition: expect.stringMatching(/^[0-9a-f]{64}$/),
      // Seconds, as CloudFormation's custom resources take them.
      ServiceTimeout: '300',
    });
    // Called on its own function, ordered after the client (so after the client's own update) and after its grant.
    const [fnId] = only(t, 'AWS::Lambda::Function');
    expect(reapply.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    // The Ref to the client orders it after the client; the grant is an explicit dependency.
    const [policyId] = only(t, 'AWS::IAM::Policy');
    expect(reapply.DependsOn).toEqual(expect.arrayContaining([policyId]));
  });

  it('runs on a function only CloudFormation calls: the platform’s runtime and logging, none of its environment', () => {
    const t = base.templates.auth;
    const [, fn] = only(t, 'AWS::Lambda::Function');
    const [logsId, logGroup] = only(t, 'AWS::Logs::LogGroup');
    expect(fn.Properties).toMatchObject({
      Handler: 'index.handler',
      Runtime: latestNodeRuntime().name,
      Architectures: ['arm64'],
      LoggingConfig: { LogFormat: 'JSON', LogGroup: { Ref: logsId } },
      Environment: { Variables: { POWERTOOLS_SERVICE_NAME: 'reapply-team-providers', NODE_OPTIONS: '--enable-source-maps' } },
    });
    // No PLATFORM: the local assembly runner leaves it out, as it does CDK's own provider functions.
    expect(Object.keys((fn.Properties.Environment as { Variables: object }).Variables).sort()).toEqual(['NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME']);
    expect(logGroup.Properties.RetentionInDays).toBe(30);
    const [, role] = only(t, 'AWS::IAM::Role');
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });

  it('grants its function exactly the commands reapply.ts sends, on the pool only', () => {
    const source = readFileSync('lambdas/platform/federation/reapply.ts', 'utf8');
    const sent = [...new Set([...source.matchAll(/new m\.(\w+)Command\(/g)].map((m) => m[1]))].sort();
    expect(sent).toEqual([...REAPPLY_COMMANDS].sort());
    const t = base.templates.auth;
    const [poolId] = only(t, 'AWS::Cognito::UserPool');
    const cognitoStatements = resources(t, 'AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement.filter((st) =>
        [st.Action].flat().some((a) => a.startsWith('cognito-idp:')),
      ),
    );
    // Its own log group and these; nothing else (CDK sorts a statement's actions).
    const [logsId] = only(t, 'AWS::Logs::LogGroup');
    const [, policy] = only(t, 'AWS::IAM::Policy');
    const statements = (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement;
    const others = statements.filter((st) => ![st.Action].flat().some((a) => a.startsWith('cognito-idp:')));
    expect(others.map((st) => st.Resource)).toEqual([{ 'Fn::GetAtt': [logsId, 'Arn'] }]);
    expect(cognitoStatements).toEqual([
      { Effect: 'Allow', Action: REAPPLY_COMMANDS.map((c) => `cognito-idp:${c}`).sort(), Resource: { 'Fn::GetAtt': [poolId, 'Arn'] } },
    ]);
  });

  it('runs again on the next deploy when the client changes (its properties change with the client’s), and only then', () => {
    const [, before] = only(base.templates.auth, 'AWS::Cognito::UserPoolClient');
    const [, after] = only(clientChanged.templates.auth, 'AWS::Cognito::UserPoolClient');
    // The client's update resets its providers to the template's.
    expect(after.Properties.SupportedIdentityProviders).toEqual(['COGNITO']);
    expect([before.Properties.IdTokenValidity, after.Properties.IdTokenValidity]).toEqual([60, 120]);
    const [, first] = reapplyOf(base);
    const [, second] = reapplyOf(clientChanged);
    expect(second.Properties.ClientDefinition).not.toEqual(first.Properties.ClientDefinition);
    // Nothing else of it changed: the change of the client alone makes CloudFormation call it.
    const { ClientDefinition: _a, ...restFirst } = first.Properties;
    const { ClientDefinition: _b, ...restSecond } = second.Properties;
    expect(restSecond).toEqual(restFirst);
    // A deploy that leaves the client alone leaves it alone too.
    expect(reapplyOf(aclReplaced)[1].Properties).toEqual(first.Properties);
  });
});

describe('a replaced web ACL reaches the web distribution on the next deploy', () => {
  it('gives the ARN reader the ACL’s definition fingerprint, which a replacement changes', () => {
    const [, aclBefore] = only(base.templates.edge, 'AWS::WAFv2::WebACL');
    const [, aclAfter] = only(aclReplaced.templates.edge, 'AWS::WAFv2::WebACL');
    expect([aclBefore.Properties.Name, aclAfter.Properties.Name]).toEqual(['mvp-dev-web', 'mvp-dev-web-v2']);
    const first = readerOf(base).Properties;
    const second = readerOf(aclReplaced).Properties;
    expect(first.WebAclFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(second.WebAclFingerprint).not.toEqual(first.WebAclFingerprint);
    // The same read on both deploys: the changed property alone makes CloudFormation run it again.
    expect(second.Update).toEqual(first.Update);
    // A deploy that leaves the ACL alone leaves the reader alone.
    expect(readerOf(clientChanged).Properties).toEqual(first);
  });
});
