import type { ZoomSettingView } from '../../../shared/api/calls/zoom';
import { deleteItem, getItem, putItem, type Item } from '../../platform/db';
import { teamKey } from '../../platform/keys';
import type { ZoomCredentials } from '../../platform/zoom';

/**
 * A team's Zoom connection (SPEC §2 /admin/setting/zoom_setting). Entity module: the only code that knows its key,
 * `T#<t>#SETTINGS` / `ZOOM`, beside the site settings. One per team; saved only after Zoom accepted the
 * credentials. The client secret is read only to call Zoom and never leaves the server (`zoomSettingView`).
 */
export interface ZoomConnection extends ZoomCredentials {
  teamId: string;
  /** The Zoom user the app acts as, as Zoom answered when connecting. */
  userId: string;
  email: string;
  connectedAt: string;
}

const key = (teamId: string) => ({ pk: teamKey(teamId, 'SETTINGS'), sk: 'ZOOM' });

export async function getZoomConnection(teamId: string): Promise<ZoomConnection | undefined> {
  const item = await getItem<Item & ZoomConnection>(key(teamId), true);
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...connection } = item;
  return { ...connection, teamId };
}

export async function putZoomConnection(connection: ZoomConnection): Promise<void> {
  await putItem({ ...key(connection.teamId), type: 'zoomConnection', ...connection });
}

export async function deleteZoomConnection(teamId: string): Promise<void> {
  await deleteItem(key(teamId));
}

/** What the browser may read: everything but the secret, which is only said to be kept. */
export const zoomSettingView = (c: ZoomConnection | undefined): ZoomSettingView =>
  c
    ? { connected: true, accountId: c.accountId, clientId: c.clientId, hasClientSecret: !!c.clientSecret, userId: c.userId, email: c.email, connectedAt: c.connectedAt }
    : { connected: false, hasClientSecret: false };
