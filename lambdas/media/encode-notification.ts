import type { Page } from '../../shared/api/page';
import { ulid } from 'ulid';
import type { EncodeNotification } from '../../shared/api/calls/uploads';
import { addNotice, listNotices } from '../core/entities/notice';

/** In-app notices of finished encodings (SPEC §3 notification key videoEncodeFinished). */
export async function addEncodeNotification(
  teamId: string,
  notice: Omit<EncodeNotification, 'notificationId' | 'createdAt'>,
  now = new Date(),
  /** The administrator who uploaded the version: the mail domain mails them the result. */
  uploadedBy?: string,
): Promise<EncodeNotification> {
  const created: EncodeNotification = { notificationId: ulid(now.getTime()), createdAt: now.toISOString(), ...notice };
  await addNotice(teamId, 'videoEncode', created, undefined, uploadedBy);
  return created;
}

export const listEncodeNotifications = (teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<EncodeNotification>> =>
  listNotices<EncodeNotification>(teamId, 'videoEncode', opts);
