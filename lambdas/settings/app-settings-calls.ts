import { getAppSettingsCall, updateAppSettingsCall } from '../../shared/api/calls/app-settings';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { getAppSettings, updateAppSettings } from './app-settings';

/** SPEC §2 app_setting (site manager). */
export const appSettingsCalls: CallImpl[] = [
  implement(getAppSettingsCall, async (_input, ctx) => getAppSettings(teamOf(ctx).teamId)),
  implement(updateAppSettingsCall, async ({ version, ...appSettings }, ctx) => updateAppSettings(teamOf(ctx).teamId, version, appSettings)),
];
