import { getBasicInfoCall, updateBasicInfoCall, uploadSiteImageCall } from '../../shared/api/calls/basic-info';
import { checkStoredFile, startFileUpload } from '../core/media/file-upload';
import { AppError } from '../core/http/app-error';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { getBasicInfo, updateBasicInfo } from '../core/entities/basic-info';

/** SPEC §2 general_setting/basic_info (site manager). */
export const basicInfoCalls: CallImpl[] = [
  implement(getBasicInfoCall, async (_input, ctx) => {
    const info = await getBasicInfo(teamOf(ctx).teamId);
    if (!info) throw new AppError('common/no_team');
    return info;
  }),

  implement(updateBasicInfoCall, async ({ version, ...info }, ctx) => {
    const teamId = teamOf(ctx).teamId;
    const checks = await Promise.all(
      (['logoKey', 'faviconKey'] as const).map(async (field) => [field, info[field] ? await checkStoredFile(teamId, 'designImage', info[field]) : undefined] as const),
    );
    const fields = Object.fromEntries(checks.filter(([, bad]) => bad).map(([field, bad]) => [field, bad!]));
    if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
    return updateBasicInfo(teamId, version, info);
  }),

  implement(uploadSiteImageCall, async (input, ctx) => startFileUpload(teamOf(ctx).teamId, { kind: 'designImage', ...input })),
];
