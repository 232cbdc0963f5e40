import { ID_PATTERN } from '../../shared/api/ids';
import type { AutoMailEvent } from '../../shared/constants';
import { AppError } from '../core/http/app-error';
import { getInvite } from '../core/entities/invite';
import { connectedAccount } from '../core/entities/connect';
import { getPrice, getProduct } from '../core/entities/catalogue';
import type { Team } from '../core/entities/team';

/** Welcome and approval happen to a member through an invitation; the purchase events through a price and product. */
export const isInvitationEvent = (eventType: AutoMailEvent): boolean => eventType === 'welcome' || eventType === 'approval';

/** Whether a price or product id names one in the team's Stripe account (anything Stripe does not find is not). */
async function catalogueObjectExists(account: string, id: string): Promise<boolean> {
  const read = id.startsWith('price_') ? getPrice(account, id) : id.startsWith('prod_') ? getProduct(account, id) : undefined;
  if (!read) return false;
  return read.then(
    () => true,
    (e: unknown) => {
      if (e instanceof AppError && e.code !== 'payment/info_not_loaded') return false;
      throw e;
    },
  );
}

/**
 * For each id, whether it is an object of the event in this team (the targets of a custom auto mail or a workflow):
 * a member invitation for welcome and approval (an administrators' invitation starts nothing), a price or product
 * of the team's Stripe account for the purchase events. Another team's id reads as unknown, like an id that never
 * existed, so the caller's field error reveals nothing.
 */
export async function eventObjectsFound(team: Team, eventType: AutoMailEvent, ids: readonly string[]): Promise<boolean[]> {
  // Ids become keys: one the key helper would refuse is simply not one of the team's.
  const isId = (id: string) => ID_PATTERN.test(id);
  if (isInvitationEvent(eventType)) {
    return Promise.all(ids.map(async (id) => isId(id) && (await getInvite(team.teamId, id, true))?.kind === 'user'));
  }
  // Without a connected account the team has no prices, so no id can be one of its objects.
  const account = team.payment?.chargesEnabled ? connectedAccount(team) : undefined;
  return Promise.all(ids.map(async (id) => account !== undefined && isId(id) && (await catalogueObjectExists(account, id))));
}
