import type { TeamContext } from '../../../shared/api/define';

/** The team an administrator operates, chosen at /logged_in; team-scoped calls send it (SPEC §6). */
export interface TeamSession extends TeamContext {
  siteName: string;
  /** How many sites this administrator operates, when they signed in: the header offers switching only for several. */
  siteCount?: number;
}

const KEY = 'mvp.teamSession';

export function getTeamSession(): TeamSession | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<TeamSession> | null;
    return value?.operatedTeamId && value.operatedUserId ? (value as TeamSession) : null;
  } catch {
    return null;
  }
}

export function setTeamSession(session: TeamSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearTeamSession(): void {
  localStorage.removeItem(KEY);
}

/** The operated team and administrator (or member), for SWR keys; null without a session (the hook then does not load). */
export function teamOwner(): [string, string] | null {
  const s = getTeamSession();
  return s ? [s.operatedTeamId, s.operatedUserId] : null;
}

/**
 * An SWR key for a team-scoped call: the parts, then the operated team and user, so switching either never shows the
 * other's data (caches are shared between features by key: keep the order). Null without a session.
 */
export function teamScoped(...parts: unknown[]): unknown[] | null {
  const owner = teamOwner();
  return owner ? [...parts, ...owner] : null;
}
