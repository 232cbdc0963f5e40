import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readForm, sendHtml } from './http';
import { peoplePage, personById } from './people';
import { EMAIL_NAMEID, localIdpCert, localIdpKey, samlBindings, samlify, shimServiceProvider } from './saml';

/**
 * The local SAML identity provider (samlify), mounted at `/local-idp/saml`: metadata at `/metadata` (the URL a site
 * manager enters), single sign-on by HTTP-Redirect at `/sso`, a page of demo people, and a signed response
 * POSTed to the service provider's ACS. The person's e-mail is the NameID; no attribute statement is sent.
 */
export const LOCAL_SAML_PATH = '/local-idp/saml';

export function createLocalSamlIdp(baseUrl: string, serviceProvider: { entityId: string; acsUrl: string }) {
  const metadataUrl = `${baseUrl}${LOCAL_SAML_PATH}/metadata`;
  const idp = samlify.IdentityProvider({
    entityID: metadataUrl,
    privateKey: localIdpKey(),
    signingCert: localIdpCert(),
    nameIDFormat: [EMAIL_NAMEID],
    wantAuthnRequestsSigned: false,
    singleSignOnService: [{ Binding: samlBindings.redirect, Location: `${baseUrl}${LOCAL_SAML_PATH}/sso` }],
  });
  const sp = () => shimServiceProvider(serviceProvider.entityId, serviceProvider.acsUrl);

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rest = url.pathname.slice(LOCAL_SAML_PATH.length);
    if (rest === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'no-store' });
      res.end(idp.getMetadata());
      return;
    }
    if (rest === '/autopost.js') {
      // The gateway's CSP allows only same-origin scripts: the auto-post is a file, not an inline handler.
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end('document.forms[0].submit();');
      return;
    }
    if (rest === '/sso' && req.method === 'GET') {
      const parsed = await idp.parseLoginRequest(sp(), 'redirect', { query: Object.fromEntries(url.searchParams) });
      const requestId = String((parsed.extract as { request?: { id?: string } }).request?.id ?? '');
      sendHtml(res, 200, peoplePage('Local SAML provider: sign in', `${LOCAL_SAML_PATH}/sso`, { requestId, relayState: url.searchParams.get('RelayState') ?? '' }));
      return;
    }
    if (rest === '/sso' && req.method === 'POST') {
      const form = await readForm(req);
      const relayState = form.get('relayState') ?? '';
      const person = form.get('cancel') ? undefined : personById(form.get('person') ?? '');
      if (!person) {
        // A SAML IdP has no standard "cancelled" answer to an unsigned request; the stand-in tells its SP so.
        res.writeHead(302, { location: `${serviceProvider.acsUrl}?error=access_denied&RelayState=${encodeURIComponent(relayState)}` });
        res.end();
        return;
      }
      const response = (await idp.createLoginResponse(sp(), { extract: { request: { id: form.get('requestId') ?? '' } } } as never, 'post', { email: person.email }, { relayState })) as {
        context: string;
        entityEndpoint: string;
      };
      sendHtml(
        res,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body>
<form method="post" action="${escapeHtml(response.entityEndpoint)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(response.context)}"><input type="hidden" name="RelayState" value="${escapeHtml(relayState)}"><button type="submit">Continue</button></form>
<script src="${LOCAL_SAML_PATH}/autopost.js"></script></body></html>`,
      );
      return;
    }
    sendHtml(res, 404, 'Not found');
  }

  return { metadataUrl, handle };
}
