import type { UpdateUserPoolClientCommandInput, UserPoolClientType } from '@aws-sdk/client-cognito-identity-provider';

/** The OAuth scopes the federated sign-in asks for (the auth stack's client has the same). */
export const OAUTH_SCOPES = ['openid', 'email', 'profile'];

const union = (current: readonly string[] | undefined, wanted: Iterable<string>) => [...new Set([...(current ?? []), ...wanted])];

/**
 * The UpdateUserPoolClient input that sets the app client's allowed providers (`COGNITO` always among them) and adds
 * callback URLs and the code flow with its scopes, changing nothing else. UpdateUserPoolClient resets every field it
 * is not given, so every current setting is sent back as it is. Shared by the settings domain's adapter (cognito.ts)
 * and the deploy's re-apply (reapply.ts), so both keep the same fields.
 */
export function clientUpdateInput(
  ids: { userPoolId: string; clientId: string },
  c: UserPoolClientType,
  change: { providers: Iterable<string>; callbackUrls: readonly string[] },
): UpdateUserPoolClientCommandInput {
  return {
    UserPoolId: ids.userPoolId,
    ClientId: ids.clientId,
    ClientName: c.ClientName,
    RefreshTokenValidity: c.RefreshTokenValidity,
    AccessTokenValidity: c.AccessTokenValidity,
    IdTokenValidity: c.IdTokenValidity,
    TokenValidityUnits: c.TokenValidityUnits,
    ReadAttributes: c.ReadAttributes,
    WriteAttributes: c.WriteAttributes,
    ExplicitAuthFlows: c.ExplicitAuthFlows,
    PreventUserExistenceErrors: c.PreventUserExistenceErrors,
    EnableTokenRevocation: c.EnableTokenRevocation,
    EnablePropagateAdditionalUserContextData: c.EnablePropagateAdditionalUserContextData,
    AuthSessionValidity: c.AuthSessionValidity,
    RefreshTokenRotation: c.RefreshTokenRotation,
    AnalyticsConfiguration: c.AnalyticsConfiguration,
    DefaultRedirectURI: c.DefaultRedirectURI,
    LogoutURLs: c.LogoutURLs,
    SupportedIdentityProviders: [...new Set(['COGNITO', ...change.providers])].sort(),
    CallbackURLs: union(c.CallbackURLs, change.callbackUrls),
    AllowedOAuthFlows: union(c.AllowedOAuthFlows, ['code']) as UpdateUserPoolClientCommandInput['AllowedOAuthFlows'],
    AllowedOAuthScopes: union(c.AllowedOAuthScopes, OAUTH_SCOPES),
    AllowedOAuthFlowsUserPoolClient: true,
  };
}
