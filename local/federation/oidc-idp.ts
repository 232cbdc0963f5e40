import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type OidcContext } from 'oidc-provider';
import { peoplePage, personById } from './people';
import { readForm } from './http';

/**
 * The local OpenID Connect identity provider (the maintained `oidc-provider` package), mounted on the gateway at
 * `/local-idp/oidc`. Two confidential clients whose redirect URI is the federation stand-in's: one a team's
 * "custom" provider, one standing for Google (social login). Sign-in is a page of demo people, no password.
 */
export const LOCAL_OIDC_PATH = '/local-idp/oidc';
export const LOCAL_OIDC_CLIENTS = {
  oidc: { clientId: 'local-oidc-client', clientSecret: 'local-oidc-secret' },
  google: { clientId: 'local-google-client', clientSecret: 'local-google-secret' },
};

export function createLocalOidcIdp(baseUrl: string): { issuer: string; handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> } {
  const issuer = `${baseUrl}${LOCAL_OIDC_PATH}`;
  const redirectUri = `${baseUrl}/federation/oauth2/idpresponse`;
  const provider = new Provider(issuer, {
    clients: Object.values(LOCAL_OIDC_CLIENTS).map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => {
      const person = personById(id);
      if (!person) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email: person.email, email_verified: true, name: person.name }) };
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${LOCAL_OIDC_PATH}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    // A first-party stand-in: no consent screen, the grant is made on first use.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return p.Grant.find(grantId);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['local-oidc-idp-development-only'] },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(peoplePage('Local OIDC provider: sign in', `${LOCAL_OIDC_PATH}/interaction/${uid}`, {}));
      return;
    }
    const form = await readForm(req);
    const person = form.get('cancel') ? undefined : personById(form.get('person') ?? '');
    const result = person
      ? { login: { accountId: person.id } }
      : { error: 'access_denied', error_description: 'The person cancelled the sign-in' };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    async handle(req, res, url) {
      const rest = url.pathname.slice(LOCAL_OIDC_PATH.length) || '/';
      const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(rest);
      if (match) return interaction(req, res, match[1]);
      // Mounted as Express would mount it: oidc-provider reads its mount path from originalUrl.
      const mounted = req as IncomingMessage & { originalUrl?: string };
      mounted.originalUrl = req.url;
      req.url = rest + url.search;
      callback(req, res);
    },
  };
}
