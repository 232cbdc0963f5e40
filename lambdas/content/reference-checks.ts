import type { ErrorCode } from '../../shared/errors';
import { getGroup } from '../core/entities/group';
import { unknownPrices } from '../core/entities/catalogue';
import { getTeam } from '../core/entities/team';
import { getTaxonomyItem } from '../core/entities/taxonomy';

/** The problems a save's reference checks find, by form field. */
export type FieldProblems = Record<string, ErrorCode>;

/** A check that notes `field` as invalid when what `found` looks up is not there. */
export const existsIn =
  (fields: FieldProblems) =>
  async (field: string, found: Promise<unknown>): Promise<void> => {
    if (!(await found)) fields[field] = 'validation/invalid_value';
  };

/**
 * The checks every content form shares (a video's and any item's): the prices this save adds, the category, the
 * creator, the tags and the publish groups (the members domain's groups, lambdas/core/entities/group.ts), each in
 * the team. They note what they find in `fields`; the caller runs them with its own.
 */
export function sharedReferenceChecks(
  teamId: string,
  form: { priceIds: string[]; categoryId?: string | null; creatorId?: string | null; tagIds: string[]; groupIds: string[] },
  beforePriceIds: readonly string[] | undefined,
  fields: FieldProblems,
): Promise<unknown>[] {
  const exists = existsIn(fields);
  // Prices live in the team's Stripe account: only the ones this save adds are looked up there.
  const addedPrices = form.priceIds.filter((id) => !beforePriceIds?.includes(id));
  const checkPrices = async () => {
    if (!addedPrices.length) return;
    const team = await getTeam(teamId);
    if (!team?.payment?.chargesEnabled) {
      fields.priceIds = 'payment/not_connected';
      return;
    }
    for (const i of await unknownPrices(team, addedPrices)) fields[`priceIds.${form.priceIds.indexOf(addedPrices[i]!)}`] = 'validation/invalid_value';
  };
  return [
    checkPrices(),
    form.categoryId ? exists('categoryId', getTaxonomyItem(teamId, 'category', form.categoryId)) : Promise.resolve(),
    form.creatorId ? exists('creatorId', getTaxonomyItem(teamId, 'creator', form.creatorId)) : Promise.resolve(),
    ...form.tagIds.map((id, i) => exists(`tagIds.${i}`, getTaxonomyItem(teamId, 'tag', id))),
    ...form.groupIds.map((id, i) => exists(`groupIds.${i}`, getGroup(teamId, id))),
  ];
}
