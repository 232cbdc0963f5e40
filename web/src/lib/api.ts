import { isTeamCall, ruleOf, type CallDef, type CallInput, type CallOutput } from '../../../shared/api/define';
import { ApiError, apiErrorFrom } from './api-error';
import { getAccessToken, loginSessionHeaders } from './auth';
import { loadConfig } from './config';
import { getTeamSession } from './team-session';
import { entryPathForError } from './entry-gate';

/**
 * `POST /api<path>` for a call declared in shared/api: typed by the declaration, authenticated unless
 * public, and carrying the operated team for admin/member calls (SPEC §6). Failures throw ApiError.
 */
export async function callApi<C extends CallDef>(def: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const { apiBase } = await loadConfig();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let body: Record<string, unknown> = { ...(input as Record<string, unknown>) };

  if (ruleOf(def).kind !== 'public') {
    const token = await getAccessToken();
    if (!token) throw new ApiError(401, 'auth/not_logged_in');
    headers.authorization = `Bearer ${token}`;
  }
  if (isTeamCall(def)) {
    const session = getTeamSession();
    if (!session) throw new ApiError(401, 'auth/not_logged_in');
    body = { ...body, operatedTeamId: session.operatedTeamId, operatedUserId: session.operatedUserId };
    Object.assign(headers, loginSessionHeaders(session.operatedTeamId));
  }

  let res: Response;
  try {
    res = await fetch(`${apiBase}${def.path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'common/unknown');
  }
  const payload: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = apiErrorFrom(res.status, payload);
    // A shut team (expired trial, unpaid or cancelled plan): leave for the entry page that says why.
    const entry = entryPathForError(def, error.code, getTeamSession()?.operatedTeamId);
    if (entry && window.location.pathname !== entry) window.location.assign(entry);
    throw error;
  }
  return payload as CallOutput<C>;
}

/**
 * A declared call by its path and permission only, for chunks that must not load the declarations (they build
 * zod schemas when loaded, which a member or visitor page does not need: the server validates).
 */
export const callRef = <C extends CallDef>(path: C['path'], permission: C['permission']): C => {
  const ref = { path, permission } as unknown as C;
  callRefs.push(ref);
  return ref;
};

/**
 * Every reference made. The path and permission are literal types of the declaration (`defineCall<I, O>()({...})`),
 * so a wrong one does not compile; test/unit/web/call-refs.test.ts also holds each to the registry at run time.
 */
export const callRefs: CallDef[] = [];
