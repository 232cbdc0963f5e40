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
