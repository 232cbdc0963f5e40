import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { clientUpdateInput } from './app-client';
import { parseProviderName } from './names';

/** Loaded on first use, as cognito.ts does. */
const sdk = () => import('@aws-sdk/client-cognito-identity-provider');
let client: Promise<CognitoIdentityProviderClient> | undefined;
// The function's own region is the pool's: the auth stack holds both.
const cognito = () => (client ??= sdk().then((m) => new m.CognitoIdentityProviderClient({})));

export interface ReapplyTarget {
  userPoolId: string;
  clientId: string;
  /** The callbacks the settings domain adds with a provider (`<appOrigin>/login_saml`). */
  callbackUrls: string[];
}

/** The teams' providers registered in the pool (names.ts `o-`, `s-`, `g-<teamId>`), every page of them. */
async function teamProvidersInPool(userPoolId: string): Promise<string[]> {
  const m = await sdk();
  const names: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await (await cognito()).send(new m.ListIdentityProvidersCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken }));
    for (const p of page.Providers ?? []) if (p.ProviderName && parseProviderName(p.ProviderName)) names.push(p.ProviderName);
    NextToken = page.NextToken;
  } while (NextToken);
  return names;
}

/**
 * Allows every team provider registered in the pool on the app client again, with the settings domain's callbacks.
 * A deploy that changes the client resets its providers to the template's (`COGNITO`); the settings domain adds a
 * provider to the pool before allowing it and takes it off the client before deleting it, so the pool's providers are
 * the ones the teams turned on. Only names of ours: a provider someone added by hand is left as the template has it.
 * Answers the providers now allowed; no update when nothing is missing.
 */
export async function reapplyTeamProviders(target: ReapplyTarget): Promise<string[]> {
  const m = await sdk();
  const { userPoolId, clientId } = target;
  const { UserPoolClient: c } = await (await cognito()).send(new m.DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
  if (!c) throw new Error(`The app client ${clientId} was not found`);
  const current = c.SupportedIdentityProviders ?? [];
  // Listed after the client is read: a provider a team adds meanwhile is then either in the list or in its own update.
  const teams = await teamProvidersInPool(userPoolId);
  const input = clientUpdateInput({ userPoolId, clientId }, c, { providers: [...current, ...teams], callbackUrls: target.callbackUrls });
  const missing = (wanted: string[] | undefined, have: string[] | undefined) => (wanted ?? []).some((x) => !(have ?? []).includes(x));
  const changed =
    missing(input.SupportedIdentityProviders, current) ||
    missing(input.CallbackURLs, c.CallbackURLs) ||
    missing(input.AllowedOAuthFlows, c.AllowedOAuthFlows) ||
    missing(input.AllowedOAuthScopes, c.AllowedOAuthScopes) ||
    c.AllowedOAuthFlowsUserPoolClient !== true;
  if (changed) await (await cognito()).send(new m.UpdateUserPoolClientCommand(input));
  return input.SupportedIdentityProviders ?? [];
}
