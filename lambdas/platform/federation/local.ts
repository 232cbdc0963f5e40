import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ProviderRejectedError, type FederatedProvider, type FederationAdapter } from './types';
import { recordAwsCall, userPoolArn } from '../aws-calls';
import type { FEDERATION_COMMANDS } from './cognito-commands';
import { platformConfig } from '../config';

/**
 * The local federation adapter: cognito-local has no identity providers, so the providers live in a registry
 * file (`LOCAL_FEDERATION_FILE`) that the local stand-in of Cognito's managed login (`local/federation/`) reads
 * on each sign-in. The stand-in accepts only the web's callback URL, as the AWS app client does.
 */
export interface LocalFederationRegistry {
  providers: Record<string, FederatedProvider>;
}

export const localRegistryFile = (): string => {
  const file = process.env.LOCAL_FEDERATION_FILE;
  if (!file) throw new Error('Missing environment variable LOCAL_FEDERATION_FILE');
  return file;
};

export function readLocalRegistry(file = localRegistryFile()): LocalFederationRegistry {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LocalFederationRegistry;
  } catch {
    return { providers: {} };
  }
}

function writeRegistry(registry: LocalFederationRegistry): void {
  const file = localRegistryFile();
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(registry, null, 2));
  renameSync(tmp, file);
}

/** Cognito reads an OIDC issuer's discovery document when the provider is saved; so does the stand-in. */
async function checkIssuer(issuer: string): Promise<void> {
  try {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    const doc = (await res.json()) as { issuer?: string };
    if (!res.ok || doc.issuer !== issuer.replace(/\/$/, '')) throw new Error(`issuer mismatch: ${doc.issuer}`);
  } catch (e) {
    throw new ProviderRejectedError(`OIDC issuer not usable: ${(e as Error).message}`);
  }
}

/** The Cognito requests the AWS adapter (./cognito.ts) sends for the same change, as evidence for the grants (aws-calls.ts). */
function recordCognitoRequests(...commands: (typeof FEDERATION_COMMANDS)[number][]): void {
  const pool = userPoolArn(platformConfig().userPoolId);
  for (const c of commands) recordAwsCall(`cognito-idp:${c}`, pool);
}

export const localFederation: FederationAdapter = {
  async putProvider(p) {
    recordCognitoRequests('DescribeIdentityProvider', readLocalRegistry().providers[p.name] ? 'UpdateIdentityProvider' : 'CreateIdentityProvider', 'DescribeUserPoolClient', 'UpdateUserPoolClient');
    if (p.type === 'oidc') await checkIssuer(p.oidc!.issuer);
    const registry = readLocalRegistry();
    registry.providers[p.name] = p;
    writeRegistry(registry);
  },
  async removeProvider(name) {
    recordCognitoRequests('DescribeUserPoolClient', 'UpdateUserPoolClient', 'DeleteIdentityProvider');
    const registry = readLocalRegistry();
    delete registry.providers[name];
    writeRegistry(registry);
  },
};
