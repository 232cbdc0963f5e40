import { createZoomMeetingCall } from '../../../shared/api/calls/lives';
import { disconnectZoomCall, getZoomSettingCall, saveZoomSettingCall } from '../../../shared/api/calls/zoom';
import { AppError } from '../../http/app-error';
import { implement, teamOf, type CallContext } from '../../http/implement';
import { zoom, ZoomRequestError } from '../../platform/zoom';
import { deleteZoomConnection, getZoomConnection, putZoomConnection, zoomSettingView } from './zoom-setting';

/**
 * The team's Zoom connection (area `zoom`) and meeting creation for the live form (`/live/zoom_meeting/create`),
 * both in the content domain, which runs lives. Zoom's refusals become SPEC §8's messages: the token step (wrong
 * credentials, Zoom unreachable) `zoom/connect_failed`, reading the user `zoom/user_id_failed`; Zoom's own words go
 * to the log only.
 */
function zoomFailure(e: unknown, ctx: CallContext): never {
  if (!(e instanceof ZoomRequestError)) throw e;
  ctx.logger.warn('zoom request failed', { step: e.step, status: e.status, detail: e.message });
  throw new AppError(e.step === 'user' ? 'zoom/user_id_failed' : 'zoom/connect_failed');
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
      .catch((e: unknown) => zoomFailure(e, ctx));
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
