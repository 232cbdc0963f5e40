import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { adminLoginCall, memberLoginCall } from '../../shared/api/calls/auth';
import { joinCall } from '../../shared/api/calls/invites';
import { COGNITO_PROXY_PATH } from '../../lambdas/auth/cognito-proxy';
import { definitionFingerprint } from '../constructs/fingerprint';
import type { PlatformSettings } from '../settings';

/** A CLOUDFRONT-scope web ACL exists only in us-east-1, whichever region the platform is deployed to. */
export const EDGE_REGION = 'us-east-1';

/** The calls a password or invite guesser repeats: admin and member login, and joining by an invitation. */
export const LOGIN_AND_JOIN_PATHS = [adminLoginCall, memberLoginCall, joinCall].map((c) => `/api${c.path}`);

/**
 * The sign-in attempts Amplify sends through the API's Cognito proxy (lambdas/auth/cognito-proxy.ts): passwords
 * (InitiateAuth) and two-factor codes (RespondToAuthChallenge), told apart by `X-Amz-Target` (lower-cased, contained:
 * every spelling the proxy forwards). Token refreshes, GetUser and the rest of that path are not counted.
 */
export const COGNITO_SIGN_IN = { path: COGNITO_PROXY_PATH, targetHeader: 'x-amz-target', operations: ['initiateauth', 'respondtoauthchallenge'] } as const;

/** Requests from one address to those paths in 5 minutes above which WAF blocks the address (AWS minimum is 10). */
export const LOGIN_RATE_LIMIT = 100;

/**
 * AWS managed rule groups, each with the rules set to count instead of block where the platform's own bodies match them
 * by design (the handlers check those themselves).
 */
export const MANAGED_RULE_GROUPS = [
  {
    name: 'AWSManagedRulesCommonRuleSet',
    count: [
      // Bodies up to 1 MB are valid here (articles, mail bodies, Stripe events); the handler refuses larger ones (413).
      'SizeRestrictions_BODY',
      // Article and mail bodies are HTML by design; the server keeps only its sanitizer's allow list.
      'CrossSiteScripting_BODY',
    ],
  },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', count: [] as string[] },
] as const;

/** SSM parameter (in us-east-1) holding the web ACL's ARN, which the web stack reads in its own region. */
export const webAclParameterName = (settings: PlatformSettings) => `/${settings.prefix}/web-acl-arn`;

export interface EdgeStackProps extends StackProps {
  settings: PlatformSettings;
}

/**
 * The web distribution's WAF web ACL. CLOUDFRONT scope forces us-east-1, so this is its own stack pinned there
 * (bin/app.ts deploys it first with the others); its ARN is published as an SSM parameter of fixed name, which the
 * web stack reads across regions (web-stack.ts `webAclArnFromEdge`), so neither stack needs a concrete account at synth.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  /**
   * A hash of the ACL's definition at synth (lib/constructs/fingerprint.ts). Anything that replaces the ACL (a new
   * name or scope, a new logical ID) and so gives it a new ARN changes it; the web stack's reader re-reads the ARN then.
   */
  readonly webAclFingerprint: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${settings.prefix}-${metricName}`,
      sampledRequestsEnabled: true,
    });
    const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });

    const cognitoSignIn: wafv2.CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          pathIs(COGNITO_SIGN_IN.path),
          {
            orStatement: {
              statements: COGNITO_SIGN_IN.operations.map((operation) => ({
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: COGNITO_SIGN_IN.targetHeader } },
                  positionalConstraint: 'CONTAINS',
                  searchString: operation,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              })),
            },
          },
        ],
      },
    };

    const managed: wafv2.CfnWebACL.RuleProperty[] = MANAGED_RULE_GROUPS.map((group, i) => ({
      name: group.name,
      priority: i,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group.name,
          ...(group.count.length ? { ruleActionOverrides: group.count.map((name) => ({ name, actionToUse: { count: {} } })) } : {}),
        },
      },
      visibilityConfig: visibility(group.name),
    }));

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${settings.prefix}-web`,
      description: `${settings.prefix} web distribution, SPA and /api/`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web'),
      rules: [
        ...managed,
        {
          name: 'LoginAndJoinRate',
          priority: managed.length,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: LOGIN_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: [...LOGIN_AND_JOIN_PATHS.map(pathIs), cognitoSignIn] } },
            },
          },
          visibilityConfig: visibility('login-and-join-rate'),
        },
      ],
    });

    this.webAclFingerprint = definitionFingerprint(this.webAcl);

    new ssm.StringParameter(this, 'WebAclArn', {
      parameterName: webAclParameterName(settings),
      description: 'The web distribution’s WAF web ACL (read by the web stack in its own region)',
      stringValue: this.webAcl.attrArn,
    });
    new CfnOutput(this, 'WebAclArnOutput', { value: this.webAcl.attrArn });
  }
}
