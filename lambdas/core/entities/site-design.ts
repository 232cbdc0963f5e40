import { defaultDesign, designPageKinds, type DesignPageImages, type SiteDesign } from '../../../shared/api/calls/site-design';
import { atVersion, ConditionFailedError, getItem, putItem, type Item } from '../../platform/db';
import { teamKey } from '../../platform/keys';
import { AppError } from '../http/app-error';

/**
 * SPEC §3 Design: one item per team, `T#<teamId>#SETTINGS / DESIGN`, versioned (optimistic lock). Entity module:
 * the only code that knows its key. A team that never saved a design reads as the defaults at version 0.
 */
const key = (teamId: string) => ({ pk: teamKey(teamId, 'SETTINGS'), sk: 'DESIGN' });

export interface StoredDesign {
  design: SiteDesign;
  version: number;
}

/** Every page kind, null where the stored design has none (it was saved before the kind existed); unknown kinds dropped. */
function readPageImages(stored: Partial<Record<string, string | null>> | undefined): DesignPageImages {
  return Object.fromEntries(designPageKinds.map((kind) => [kind, stored?.[kind] ?? null])) as DesignPageImages;
}

export async function getDesign(teamId: string): Promise<StoredDesign> {
  const item = await getItem<Item & Partial<SiteDesign> & { version: number }>(key(teamId));
  if (!item) return { design: { ...defaultDesign }, version: 0 };
  const { pk: _pk, sk: _sk, type: _type, teamId: _teamId, updatedAt: _updatedAt, version, pageImages, ...stored } = item;
  return { design: { ...defaultDesign, ...(stored as Partial<SiteDesign>), pageImages: readPageImages(pageImages) }, version };
}

const versionConflict = () => new AppError('common/concurrent_update', { version: 'common/concurrent_update' });

/**
 * Applies `change` to the design the editor saw (`expectedVersion`): the first save creates the item, each later
 * one replaces it only while it still has that version; otherwise 409 `common/concurrent_update`.
 */
export async function updateDesign(teamId: string, expectedVersion: number, change: Partial<SiteDesign>): Promise<StoredDesign> {
  const current = await getDesign(teamId);
  if (current.version !== expectedVersion) throw versionConflict();
  const design: SiteDesign = { ...current.design, ...change };
  const version = expectedVersion + 1;
  try {
    await putItem(
      { ...key(teamId), type: 'siteDesign', teamId, ...design, version, updatedAt: new Date().toISOString() },
      expectedVersion === 0 ? { ifNotExists: true } : atVersion(expectedVersion),
    );
  } catch (e) {
    if (e instanceof ConditionFailedError) throw versionConflict();
    throw e;
  }
  return { design, version };
}
