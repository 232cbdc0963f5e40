import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { appOrigin, authDomainPrefix } from '../environment';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from '../constructs/nag';
import { TeamProvidersReapply } from '../constructs/team-providers-reapply';
import type { PlatformSettings } from '../settings';

export interface AuthStackProps extends StackProps {
  settings: PlatformSettings;
}

/** The Cognito user pool every team's administrators and members sign in to. */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** Managed login's domain: the federated sign-in (SAML / OIDC / Google per team, issue 15) goes through it. */
  readonly userPoolDomain: cognito.UserPoolDomain;
  /** Allows the teams' providers on the client again after every deploy that changes it. */
  readonly teamProviders: TeamProvidersReapply;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { settings } = props;
    // The federated sign-in's callback: the template's, and the one the settings domain adds with each provider.
    const callbackUrls = [`${appOrigin(settings)}/login_saml`];

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: settings.prefix,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // Users are created by the API (registration, invitations, imports), never by Cognito's SignUp.
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // SPEC §5: at least 6 characters; the stricter "complex password" is a per-team setting the API enforces.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: settings.authThreatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: settings.authThreatProtection
        ? cognito.StandardThreatProtectionMode.FULL_FUNCTION
        : undefined,
      deletionProtection: settings.isProd,
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${settings.prefix}-web`,
      generateSecret: false,
      // USER_PASSWORD_AUTH because cognito-local has no SRP and the web uses one flow in both modes.
      authFlows: { userPassword: true, userSrp: true },
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // SPEC §8 gives "user not found" and "wrong password" separate messages, so Cognito must tell them
      // apart (the e-mail's existence is already visible at sign-up: "E-mail already registered").
      preventUserExistenceErrors: false,
      enableTokenRevocation: true,
      // Federated sign-in (issue 15): authorization code with PKCE back to /login_saml. The teams' providers are
      // added to the client at run time by the settings domain (lambdas/platform/federation/cognito.ts), and
      // allowed again after each deploy that changes the client (teamProviders below).
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls,
      },
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
    });
    this.teamProviders = new TeamProvidersReapply(this, 'TeamProviders', { userPool: this.userPool, client: this.userPoolClient, callbackUrls });

    // Its URL is known from the prefix (FEDERATION_BASE_URL in lib/environment.ts), so no stack imports it.
    this.userPoolDomain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: authDomainPrefix(settings) },
    });

    // SPEC §5 makes strong passwords and two-factor per-team choices, enforced by the API, not pool-wide.
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'SPEC §5: passwords need 6+ characters; the complex-password rule (8+, upper, lower, digit) is a per-team setting checked by the API.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'SPEC: two-factor is a per-team setting; the pool offers TOTP as OPTIONAL and the API requires it where the team turned it on.',
    );
    if (!settings.authThreatProtection) {
      acknowledge(
        this.userPool,
        'AwsSolutions-COG8',
        'Threat protection needs the Cognito Plus tier, billed per MAU, so it is opt-in: -c authThreatProtection=true.',
      );
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'UserPoolDomainUrl', { value: this.userPoolDomain.baseUrl() });
  }
}
