import { createZoomMeetingCall } from '../../../shared/api/calls/lives';
import { disconnectZoomCall, getZoomSettingCall, saveZoomSettingCall } from '../../../shared/api/calls/zoom';
import { AppError } from '../../core/http/app-error';
import { implement, teamOf, type CallContext } from '../../core/http/implement';
import { refusedCredentialFields, zoom, ZoomRequestError } from '../../platform/zoom';
import type { ErrorCode } from '../../../shared/errors';
import { deleteZoomConnection, getZoomConnection, putZoomConnection, zoomSettingView } from './zoom-setting';

/**
 * The team's Zoom connection (area `zoom`) and meeting creation for the live form (`/live/zoom_meeting/create`),
 * both in the content domain, which runs lives. Zoom's own words go to the log only.
 */

/**
 * A failed Zoom request as the caller's answer. Zoom unreachable (no answer, a timeout, its rate limit, a 5xx) is
 * the only 502, `zoom/connect_failed`: nothing the operator typed is wrong. Zoom's refusals are 400s the operator can
 * act on: credentials at the token step `zoom/credentials_rejected` (with the fields Zoom's answer points at, where
 * the call has them: `withFields`), the user step `zoom/user_id_failed`, the meeting step `zoom/meeting_refused`.
 */
export function zoomAppError(e: ZoomRequestError, opts: { withFields?: boolean } = {}): AppError {
  if (!e.refused) return new AppError('zoom/connect_failed');
  if (e.step === 'user') return new AppError('zoom/user_id_failed');
  if (e.step === 'meeting') return new AppError('zoom/meeting_refused');
  const fields = opts.withFields ? refusedCredentialFields(e) : [];
  if (!fields.length) return new AppError('zoom/credentials_rejected');
  const fieldCode = (f: string): ErrorCode => (f === 'accountId' ? 'zoom/account_rejected' : 'zoom/client_rejected');
  return new AppError('zoom/credentials_rejected', Object.fromEntries(fields.map((f) => [f, fieldCode(f)])));
}

function zoomFailure(e: unknown, ctx: CallContext, opts?: { withFields?: boolean }): never {
  if (!(e instanceof ZoomRequestError)) throw e;
  ctx.logger.warn('zoom request failed', { step: e.step, status: e.status, detail: e.message });
  throw zoomAppError(e, opts);
}

export const zoomCalls = [
  implement(getZoomSettingCall, async (_input, ctx) => zoomSettingView(await getZoomConnection(teamOf(ctx).teamId))),

  implement(saveZoomSettingCall, async ({ accountId, clientId, clientSecret }, ctx) => {
    const { teamId } = teamOf(ctx);
    // The form never holds the kept secret: an empty one means "keep it", which needs one to be kept.
    const secret = clientSecret || (await getZoomConnection(teamId))?.clientSecret;
    if (!secret) throw new AppError('common/invalid_input', { clientSecret: 'validation/required' });
    const credentials = { accountId, clientId, clientSecret: secret };
    const user = await zoom()
      .connectedUser(credentials)
      .catch((e: unknown) => zoomFailure(e, ctx, { withFields: true }));
    const connection = { teamId, ...credentials, userId: user.id, email: user.email, connectedAt: new Date().toISOString() };
    await putZoomConnection(connection);
    return zoomSettingView(connection);
  }),

  implement(disconnectZoomCall, async (_input, ctx) => {
    await deleteZoomConnection(teamOf(ctx).teamId);
    return zoomSettingView(undefined);
  }),

  implement(createZoomMeetingCall, async ({ platform, topic, startAt, endAt }, ctx) => {
    const connection = await getZoomConnection(teamOf(ctx).teamId);
    if (!connection) throw new AppError('zoom/connect_failed');
    const start = new Date(startAt);
    const meeting = await zoom()
      .createMeeting(connection, {
        kind: platform === 'zoomWebinar' ? 'webinar' : 'meeting',
        topic,
        startAt: start,
        durationMinutes: Math.ceil((Date.parse(endAt) - start.getTime()) / 60_000),
      })
      .catch((e: unknown) => zoomFailure(e, ctx));
    return { meetingId: meeting.id, ...(meeting.passcode ? { passcode: meeting.passcode } : {}), joinUrl: meeting.joinUrl };
  }),
];
