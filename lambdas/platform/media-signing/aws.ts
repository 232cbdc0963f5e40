import { platformConfig } from '../config';
import { sharedParentDomain } from './cookie-domain';
import type { MediaSigningAdapter } from './types';
import { recordAwsCalls } from '../aws-calls';

/**
 * CloudFront signed cookies (custom policy: `resource` on the media domain, until `expires`), as Set-Cookie
 * values for `path`: each grant has its own path, so several live side by side.
 */
export async function cloudFrontCookies(opts: {
  domain: string;
  /** A key, or a prefix followed by `/*`. */
  resource: string;
  path: string;
  keyPairId: string;
  privateKey: string;
  expires: number;
  /** The parent domain shared by the app and the media distribution (see docs/decisions/19-aws.md). */
  cookieDomain?: string;
}): Promise<string[]> {
  const { getSignedCookies } = await import('@aws-sdk/cloudfront-signer');
  const policy = JSON.stringify({
    Statement: [{ Resource: `https://${opts.domain}/${opts.resource}`, Condition: { DateLessThan: { 'AWS:EpochTime': opts.expires } } }],
  });
  const signed = getSignedCookies({ policy, keyPairId: opts.keyPairId, privateKey: opts.privateKey });
  const attributes = [`Path=${opts.path}`, `Expires=${new Date(opts.expires * 1000).toUTCString()}`, 'Secure', 'HttpOnly', 'SameSite=None'];
  if (opts.cookieDomain) attributes.push(`Domain=${opts.cookieDomain}`);
  return Object.entries(signed)
    .filter(([, v]) => v !== undefined)
    .map(([name, value]) => [`${name}=${String(value)}`, ...attributes].join('; '));
}

// Set on the api functions by lib/platform.ts; read here because only this adapter needs them.
const requiredEnv = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
};

let privateKeyCache: Promise<string> | undefined;
/** The private key PEM from Secrets Manager, read once per container (the client loads on first use only). */
function mediaPrivateKey(secretId: string): Promise<string> {
  privateKeyCache ??= import('@aws-sdk/client-secrets-manager')
    .then(({ GetSecretValueCommand, SecretsManagerClient }) =>
      recordAwsCalls(new SecretsManagerClient({ region: platformConfig().region })).send(new GetSecretValueCommand({ SecretId: secretId })),
    )
    .then((out) => {
      if (!out.SecretString) throw new Error('The media cookie private key secret is empty');
      return out.SecretString;
    })
    .catch((e: unknown) => {
      privateKeyCache = undefined;
      throw e;
    });
  return privateKeyCache;
}

const signer = async () => ({
  domain: requiredEnv('MEDIA_DOMAIN'),
  keyPairId: requiredEnv('MEDIA_KEY_PAIR_ID'),
  privateKey: await mediaPrivateKey(requiredEnv('MEDIA_PRIVATE_KEY_SECRET')),
});

export const awsMediaSigning: MediaSigningAdapter = {
  urlOf: async (key) => `https://${requiredEnv('MEDIA_DOMAIN')}/${key}`,
  grantCookies: async (resources, expires) => {
    const s = await signer();
    const cookieDomain = sharedParentDomain(new URL(platformConfig().appOrigin).hostname, s.domain);
    const sets = await Promise.all(
      resources.map(({ key, prefix }) =>
        cloudFrontCookies({ ...s, expires, cookieDomain, resource: prefix ? `${key}/*` : key, path: prefix ? `/${key}/` : `/${key}` }),
      ),
    );
    return sets.flat();
  },
  signUrl: async (key, expires) => {
    const s = await signer();
    const { getSignedUrl } = await import('@aws-sdk/cloudfront-signer');
    return getSignedUrl({ url: `https://${s.domain}/${key}`, keyPairId: s.keyPairId, privateKey: s.privateKey, dateLessThan: new Date(expires * 1000).toISOString() });
  },
};
