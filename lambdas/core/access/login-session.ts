import { randomBytes } from 'node:crypto';
import { getItem, putItem, type Item } from '../../platform/db';
import { teamKey } from '../../platform/keys';

/**
 * The member's latest login to a team (single login, SPEC §4 "restricted single login"): a random
 * session id recorded by /auth/member_login, carried by the client with each member call. A new
 * login replaces it, so the older session's next call is refused. It also records that the login
 * passed the team's two-factor rule, so a token obtained around the login call cannot skip it.
 * Its own partition (not the USER one) keeps user lists free of session items.
 */
export interface LoginSession {
  teamId: string;
  userId: string;
  sessionId: string;
  twoFactorEnrolled: boolean;
  loggedInAt: string;
}

const key = (teamId: string, userId: string) => ({ pk: teamKey(teamId, 'LOGIN'), sk: `U#${userId}` });

export async function recordLoginSession(teamId: string, userId: string, twoFactorEnrolled: boolean, now = new Date()): Promise<LoginSession> {
  const session: LoginSession = {
    teamId,
    userId,
    sessionId: randomBytes(18).toString('base64url'),
    twoFactorEnrolled,
    loggedInAt: now.toISOString(),
  };
  await putItem({ ...key(teamId, userId), type: 'loginSession', ...session });
  return session;
}

export async function getLoginSession(teamId: string, userId: string): Promise<LoginSession | undefined> {
  const item = await getItem<Item & LoginSession>(key(teamId, userId), true);
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...session } = item;
  return session as LoginSession;
}
