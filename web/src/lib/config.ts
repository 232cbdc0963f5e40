import { ApiError } from './api-error';

/** What the platform tells the SPA at boot (`GET /config.json`), so one build runs on every stage. */
export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Absolute URL of the platform's proxy in front of the user pool API (login throttling): `/api/cognito` on AWS, `/cognito` locally. */
  userPoolEndpoint?: string;
  /** The API root (`/api` or an absolute URL ending in it): a call goes to `<apiBase><path>`. */
  apiBase: string;
}

let pending: Promise<AppConfig> | undefined;

const absolute = (url: string): string => new URL(url, window.location.origin).toString().replace(/\/$/, '');

async function fetchConfig(): Promise<AppConfig> {
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new ApiError(res.status, 'common/unknown');
  const raw = (await res.json()) as AppConfig;
  return {
    ...raw,
    userPoolEndpoint: raw.userPoolEndpoint ? absolute(raw.userPoolEndpoint) : undefined,
    apiBase: absolute(raw.apiBase || '/api'),
  };
}

/** Fetched once per page load; a failed fetch is retried on the next call instead of being cached. */
export function loadConfig(): Promise<AppConfig> {
  pending ??= fetchConfig().catch((error: unknown) => {
    pending = undefined;
    throw error instanceof ApiError ? error : new ApiError(0, 'common/unknown');
  });
  return pending;
}
