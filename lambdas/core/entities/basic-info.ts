import { defaultSortKeys, type BasicInfo } from '../../../shared/api/calls/basic-info';
import { AppError } from '../http/app-error';
import { atVersion, ConditionFailedError, getItem, transact, type Item } from '../../platform/db';
import { teamKey } from '../../platform/keys';
import type { ListSort } from '../../../shared/rules/list-sort';
import { getTeam, updateTeamProfileOp } from './team';

/**
 * SPEC §3 site settings shown on basic_info: one item per team, `T#<teamId>#SETTINGS / BASIC`, versioned.
 * Site name, company and phone are the team's own (lambdas/core/entities/team.ts) and are written in the same
 * transaction. Entity module: the only code that knows the item's key.
 */
const key = (teamId: string) => ({ pk: teamKey(teamId, 'SETTINGS'), sk: 'BASIC' });

type StoredPart = Omit<BasicInfo, 'siteName' | 'companyName' | 'phone'>;

export const defaultBasicSettings: StoredPart = {
  description: '',
  domain: '',
  senderEmail: '',
  footerLinks: [],
  socialLinks: [],
  defaultSort: { order: 'releaseDate', direction: 'desc' },
  analyticsTagId: '',
  tagManagerId: '',
  logoKey: null,
  faviconKey: null,
};

/** The stored part and its version (defaults at version 0 before the first save). */
export async function getBasicSettings(teamId: string): Promise<{ settings: StoredPart; version: number }> {
  const item = await getItem<Item & Partial<StoredPart> & { version: number }>(key(teamId));
  if (!item) return { settings: { ...defaultBasicSettings }, version: 0 };
  const { pk: _pk, sk: _sk, type: _type, teamId: _teamId, updatedAt: _updatedAt, version, ...stored } = item;
  const settings = { ...defaultBasicSettings, ...(stored as Partial<StoredPart>) };
  // An order the member lists do not offer (none is stored today; a hand-edited item): its direction is kept.
  if (!(defaultSortKeys as readonly string[]).includes(settings.defaultSort.order)) settings.defaultSort = { ...settings.defaultSort, order: 'releaseDate' };
  return { settings, version };
}

/** The member lists' order when a list call names none (SPEC §3 default sort orders). */
export async function memberListSort(teamId: string): Promise<ListSort> {
  const { settings } = await getBasicSettings(teamId);
  return { key: settings.defaultSort.order, direction: settings.defaultSort.direction };
}

/** The whole basic info (team fields included); undefined for an unknown team. */
export async function getBasicInfo(teamId: string): Promise<{ basicInfo: BasicInfo; version: number } | undefined> {
  const [team, { settings, version }] = await Promise.all([getTeam(teamId), getBasicSettings(teamId)]);
  if (!team) return undefined;
  return { basicInfo: { siteName: team.siteName, companyName: team.companyName, phone: team.phone, ...settings }, version };
}

const versionConflict = () => new AppError('common/concurrent_update', { version: 'common/concurrent_update' });

/** Saves everything the editor saw at `expectedVersion`, or 409 `common/concurrent_update`. */
export async function updateBasicInfo(teamId: string, expectedVersion: number, info: BasicInfo): Promise<{ basicInfo: BasicInfo; version: number }> {
  const { siteName, companyName, phone, ...stored } = info;
  const version = expectedVersion + 1;
  const put = { ...key(teamId), type: 'basicSettings', teamId, ...stored, version, updatedAt: new Date().toISOString() };
  try {
    await transact([
      expectedVersion === 0 ? { put, ifNotExists: true } : { put, ...atVersion(expectedVersion) },
      updateTeamProfileOp(teamId, { siteName, companyName, phone }),
    ]);
  } catch (e) {
    if (e instanceof ConditionFailedError) throw versionConflict();
    throw e;
  }
  return { basicInfo: info, version };
}
