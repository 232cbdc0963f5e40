/**
 * Every Cognito command the federation adapter (cognito.ts) sends: the api stack grants exactly these, on the user
 * pool only (`grantFederation` in lib/constructs/platform-function.ts); test/infra/federation.test.ts checks both.
 * No SDK import here: lib/ reads it at synth.
 */
export const FEDERATION_COMMANDS = [
  'CreateIdentityProvider',
  'UpdateIdentityProvider',
  'DescribeIdentityProvider',
  'DeleteIdentityProvider',
  'DescribeUserPoolClient',
  'UpdateUserPoolClient',
] as const;

/**
 * Every Cognito command the deploy's re-apply of the teams' providers (reapply.ts) sends: the auth stack grants exactly
 * these to its function, on the user pool only (IAM has no resource type for an app client).
 */
export const REAPPLY_COMMANDS = ['ListIdentityProviders', 'DescribeUserPoolClient', 'UpdateUserPoolClient'] as const;
