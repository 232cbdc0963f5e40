import { getSecuritySettingsCall, updateSecuritySettingsCall } from '../../shared/api/calls/settings';
import { AppError } from '../core/http/app-error';
import { implement, teamOf } from '../core/http/implement';
import { securityOf, updateSecuritySettings } from './security-settings';
import { getSiteSettings } from '../core/entities/site-settings';

export const settingsCalls = [
  implement(getSecuritySettingsCall, async (_input, ctx) => {
    const settings = await getSiteSettings(teamOf(ctx).teamId);
    return { ...securityOf(settings), yourIp: ctx.sourceIp };
  }),

  implement(updateSecuritySettingsCall, async (input, ctx) => {
    const result = await updateSecuritySettings(teamOf(ctx).teamId, input, ctx.sourceIp);
    if (!result.ok) throw new AppError('settings/ip_lockout', { adminIpAllowList: 'settings/ip_lockout' }, { ip: ctx.sourceIp });
    return { ...result.settings, yourIp: ctx.sourceIp };
  }),
];
