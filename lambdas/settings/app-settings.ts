import { defaultAppSettings, type AppSettings } from '../../shared/api/calls/app-settings';
import { AppError } from '../core/http/app-error';
import { atVersion, ConditionFailedError, getItem, putItem, type Item } from '../platform/db';
import { teamKey } from '../platform/keys';

/**
 * SPEC §3 site settings of the members' app (app_setting): one item per team, `T#<teamId>#SETTINGS / APP`,
 * versioned. Entity module: the only code that knows its key. Defaults at version 0 before the first save.
 */
const key = (teamId: string) => ({ pk: teamKey(teamId, 'SETTINGS'), sk: 'APP' });

export async function getAppSettings(teamId: string): Promise<{ appSettings: AppSettings; version: number }> {
  const item = await getItem<Item & Partial<AppSettings> & { version: number }>(key(teamId));
  if (!item) return { appSettings: { ...defaultAppSettings }, version: 0 };
  return {
    appSettings: { memberLanguage: item.memberLanguage ?? defaultAppSettings.memberLanguage, afterLoginPath: item.afterLoginPath ?? defaultAppSettings.afterLoginPath },
    version: item.version,
  };
}

const versionConflict = () => new AppError('common/concurrent_update', { version: 'common/concurrent_update' });

/** Saves the settings the editor saw at `expectedVersion`, or 409 `common/concurrent_update`. */
export async function updateAppSettings(teamId: string, expectedVersion: number, appSettings: AppSettings): Promise<{ appSettings: AppSettings; version: number }> {
  const version = expectedVersion + 1;
  try {
    await putItem(
      { ...key(teamId), type: 'appSettings', teamId, ...appSettings, version, updatedAt: new Date().toISOString() },
      expectedVersion === 0 ? { ifNotExists: true } : atVersion(expectedVersion),
    );
  } catch (e) {
    if (e instanceof ConditionFailedError) throw versionConflict();
    throw e;
  }
  return { appSettings, version };
}
