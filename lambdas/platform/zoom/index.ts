import { platformConfig } from '../config';
import { localZoom } from './local';
import type { ZoomAdapter } from './types';
import { zoomApi } from './zoom-api';

export { refusedCredentialFields, ZoomRequestError, type ZoomCredentialField, type ZoomCredentials, type ZoomMeeting, type ZoomMeetingRequest, type ZoomUser } from './types';

/**
 * The Zoom port (lives): Zoom's REST API in AWS, a local fake here, since Zoom cannot be reached offline. Domains
 * pass the team's credentials with each call; the port keeps nothing.
 */
export const zoom = (): ZoomAdapter => (platformConfig().mode === 'local' ? localZoom : zoomApi);
