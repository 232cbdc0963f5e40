import { readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_GRANTS } from '../../lambdas/domains';
import { FEDERATION_COMMANDS } from '../../lambdas/platform/federation/cognito-commands';
import { domains } from '../../shared/api/define';
import { synthesizePlatform, type Synthesized } from './synth';

/** Issue 15: the user pool's managed-login domain, the app client's code flow, and the provider grants scoped to the pool. */
type Resource = { Type: string; Properties: Record<string, unknown> };
let s: Synthesized;
beforeAll(() => {
  s = synthesizePlatform();
});
afterAll(() => s?.cleanup());

const resources = (t: Template, type: string) => t.findResources(type) as Record<string, Resource>;
const json = (v: unknown) => JSON.stringify(v);

function policyOf(domain: string) {
  const fns = resources(s.templates.api, 'AWS::Lambda::Function');
  const fn = Object.values(fns).find((f) => (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME === domain)!;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policy = Object.values(resources(s.templates.api, 'AWS::IAM::Policy')).find((p) => json(p.Properties.Roles) === json([{ Ref: roleId }]))!;
  return { fn, statements: (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement };
}

describe('federated sign-in on AWS', () => {
  it('gives the user pool a Cognito domain and the web client the code flow back to /login_saml', () => {
    const auth = s.templates.auth;
    const [poolId] = Object.keys(resources(auth, 'AWS::Cognito::UserPool'));
    const domainsOfPool = Object.values(resources(auth, 'AWS::Cognito::UserPoolDomain'));
    expect(domainsOfPool).toHaveLength(1);
    expect(domainsOfPool[0].Properties.UserPoolId).toEqual({ Ref: poolId });
    expect(json(domainsOfPool[0].Properties.Domain)).toContain('mvp-dev-');
    const client = Object.values(resources(auth, 'AWS::Cognito::UserPoolClient'))[0];
    expect(client.Properties).toMatchObject({
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: expect.arrayContaining(['openid', 'email', 'profile']),
      SupportedIdentityProviders: ['COGNITO'],
    });
    expect((client.Properties.CallbackURLs as string[])[0]).toMatch(/\/login_saml$/);
  });

  it('grants exactly the adapter\'s provider commands, on the pool only, to the settings domain only', () => {
    // Every command the Cognito adapter sends is in the list the grant is made from.
    const adapter = readFileSync('lambdas/platform/federation/cognito.ts', 'utf8');
    const sent = [...adapter.matchAll(/new m\.(\w+)Command\(/g)].map((m) => m[1]);
    expect([...new Set(sent)].sort()).toEqual([...FEDERATION_COMMANDS].sort());
    const actions = FEDERATION_COMMANDS.map((c) => `cognito-idp:${c}`);
    for (const d of domains) {
      const { fn, statements } = policyOf(d);
      const granted = statements.filter((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]).some((a) => actions.includes(a)));
      const wanted = (DOMAIN_GRANTS[d] as readonly string[]).includes('federation');
      expect(granted.length > 0, d).toBe(wanted);
      if (!wanted) continue;
      // CDK merges statements on the same resource (the pool's Cognito admin actions): all of ours are there.
      const grantedActions = granted.flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));
      expect(grantedActions).toEqual(expect.arrayContaining(actions));
      for (const st of granted) {
        // The pool's ARN (imported from the auth stack), never "*".
        expect(json(st.Resource)).toContain('UserPool');
        expect(json(st.Resource)).not.toContain('"*"');
      }
      // The function knows the managed login's URL (the pool domain's base URL).
      expect(json((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.FEDERATION_BASE_URL)).toContain('amazoncognito.com');
    }
  });
});
