import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from 'jose';
import { platformConfig } from './config';

/**
 * Verification of the caller's Cognito access token (jose against the pool's JWKS; cognito-local's here). Every
 * non-public call runs it, so it lives apart from the Cognito client (identity.ts), which only the calls that
 * manage users load.
 */
export interface VerifiedCaller {
  userId: string;
  email?: string;
  username: string;
  /** `cognito:groups`: a federated person is in `<userPoolId>_<providerName>` (issue 15). */
  groups?: string[];
}

export class InvalidTokenError extends Error {
  constructor(public readonly expired: boolean) {
    super(expired ? 'Token expired' : 'Invalid token');
  }
}

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/** Verifies a Cognito access token (signature, issuer, expiry, token_use, client). */
export async function verifyAccessToken(token: string): Promise<VerifiedCaller> {
  const { authIssuer, userPoolClientId } = platformConfig();
  jwks ??= createRemoteJWKSet(new URL(`${authIssuer}/.well-known/jwks.json`), { cooldownDuration: 30_000 });
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer: authIssuer, algorithms: ['RS256'] });
    if (payload.token_use !== 'access' || payload.client_id !== userPoolClientId || typeof payload.sub !== 'string') {
      throw new InvalidTokenError(false);
    }
    return {
      userId: payload.sub,
      username: String(payload.username ?? payload['cognito:username'] ?? ''),
      email: typeof payload.email === 'string' ? payload.email : undefined,
      ...(Array.isArray(payload['cognito:groups']) ? { groups: (payload['cognito:groups'] as unknown[]).filter((g): g is string => typeof g === 'string') } : {}),
    };
  } catch (e) {
    if (e instanceof InvalidTokenError) throw e;
    if (e instanceof joseErrors.JWTExpired) throw new InvalidTokenError(true);
    if (e instanceof joseErrors.JOSEError) throw new InvalidTokenError(false);
    throw e;
  }
}
