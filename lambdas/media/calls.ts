import {
  abortVideoUploadCall,
  completeVideoUploadCall,
  getUploadUsageCall,
  listEncodeNotificationsCall,
  signVideoPartsCall,
  startFileUploadCall,
  startVideoUploadCall,
} from '../../shared/api/calls/uploads';
import { AppError } from '../core/http/app-error';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { getTeam } from '../core/entities/team';
import { listEncodeNotifications } from './encode-notification';
import { startFileUpload } from '../core/media/file-upload';
import { getUsedBytes } from '../core/entities/upload-usage';
import { abortVideoUpload, completeVideoUpload, signVideoParts, startVideoUpload } from './video-upload';

export const mediaCalls: CallImpl[] = [
  implement(startVideoUploadCall, async (input, ctx) => {
    const { teamId, userId } = teamOf(ctx);
    return startVideoUpload(teamId, userId, input);
  }),

  implement(signVideoPartsCall, async (input, ctx) => signVideoParts(teamOf(ctx).teamId, input)),

  implement(completeVideoUploadCall, async (input, ctx) => completeVideoUpload(teamOf(ctx).teamId, input)),

  implement(abortVideoUploadCall, async (input, ctx) => {
    await abortVideoUpload(teamOf(ctx).teamId, input);
    return {};
  }),

  implement(startFileUploadCall, async (input, ctx) => startFileUpload(teamOf(ctx).teamId, input)),

  implement(listEncodeNotificationsCall, async (input, ctx) => listEncodeNotifications(teamOf(ctx).teamId, input)),

  implement(getUploadUsageCall, async (_input, ctx) => {
    const { teamId } = teamOf(ctx);
    const team = await getTeam(teamId);
    if (!team) throw new AppError('common/no_team');
    return { quotaBytes: team.uploadQuotaBytes, usedBytes: await getUsedBytes(teamId) };
  }),
];
