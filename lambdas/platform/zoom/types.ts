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

/**
 * Zoom refused or could not be reached, at `step`: `token` (the credentials: SPEC §8 "Zoom connect failure"),
 * `user` (reading the connected user: "user-id failure"), `meeting` (creating a meeting).
 */
export class ZoomRequestError extends Error {
  constructor(
    readonly step: 'token' | 'user' | 'meeting',
    readonly status?: number,
    detail?: string,
  ) {
    super(`Zoom ${step} request failed${status ? ` (${status})` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

/** The Zoom port: the real REST API in AWS, a fake locally (lambdas/platform/zoom/index.ts). */
export interface ZoomAdapter {
  /** Checks the credentials (a token) and answers the user they act as. */
  connectedUser(credentials: ZoomCredentials): Promise<ZoomUser>;
  /** Creates a scheduled meeting or webinar for that user. */
  createMeeting(credentials: ZoomCredentials, request: ZoomMeetingRequest): Promise<ZoomMeeting>;
}
