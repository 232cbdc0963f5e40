/** A Zoom Server-to-Server OAuth app's credentials (Zoom App Marketplace, app credentials). */
export interface ZoomCredentials {
  accountId: string;
  clientId: string;
  clientSecret: string;
}

/** The Zoom user the app's token acts as (its owner). */
export interface ZoomUser {
  id: string;
  email: string;
}

export interface ZoomMeetingRequest {
  kind: 'meeting' | 'webinar';
  topic: string;
  startAt: Date;
  durationMinutes: number;
}

export interface ZoomMeeting {
  /** Digits, as a member types it. */
  id: string;
  passcode?: string;
  joinUrl: string;
}

/** What Zoom's error body said: the OAuth `error` and `reason` at the token step, the API's `code` and `message` after. */
export interface ZoomErrorBody {
  error?: string;
  reason?: string;
}

/**
 * Zoom refused or could not be reached, at `step`: `token` (the credentials: SPEC §8 "Zoom connect failure"),
 * `user` (reading the connected user: "user-id failure"), `meeting` (creating a meeting).
 */
export class ZoomRequestError extends Error {
  constructor(
    readonly step: 'token' | 'user' | 'meeting',
    readonly status?: number,
    detail?: string,
    readonly body: ZoomErrorBody = {},
  ) {
    super(`Zoom ${step} request failed${status ? ` (${status})` : ''}${detail ? `: ${detail}` : ''}`);
  }

  /**
   * Zoom answered and refused what it was sent (a 4xx): the operator's credentials or app settings, which they can
   * fix. Not a refusal: no answer, a timeout (408), the rate limit (429), a 5xx or an answer that is not Zoom's.
   */
  get refused(): boolean {
    const s = this.status;
    return s !== undefined && s >= 400 && s < 500 && s !== 408 && s !== 429;
  }
}

/** A credential the operator types (the form's fields). */
export type ZoomCredentialField = keyof ZoomCredentials;

/**
 * The credentials a refused token request points at, by Zoom's OAuth error: `invalid_client` is the client ID and
 * secret pair (Zoom does not say which of the two); a reason naming the account is the account ID. None when Zoom's
 * answer says neither (a deactivated app, for instance): the whole set is refused then.
 */
export function refusedCredentialFields(e: ZoomRequestError): ZoomCredentialField[] {
  if (e.step !== 'token' || !e.refused) return [];
  if (e.body.error === 'invalid_client') return ['clientId', 'clientSecret'];
  if (/account/i.test(e.body.reason ?? '')) return ['accountId'];
  return [];
}

/** The Zoom port: the real REST API in AWS, a fake locally (lambdas/platform/zoom/index.ts). */
export interface ZoomAdapter {
  /** Checks the credentials (a token) and answers the user they act as. */
  connectedUser(credentials: ZoomCredentials): Promise<ZoomUser>;
  /** Creates a scheduled meeting or webinar for that user. */
  createMeeting(credentials: ZoomCredentials, request: ZoomMeetingRequest): Promise<ZoomMeeting>;
}
