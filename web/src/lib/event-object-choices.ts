import useSWR from 'swr';
import { listInvitesCall } from '../../../shared/api/calls/invites';
import { getPricesCall, getProductsCall } from '../../../shared/api/calls/payments';
import { callApi } from './api';
import { teamScoped } from './team-session';

/**
 * The objects a member event happens through, as choices for the forms that target them (custom auto mails and
 * workflows): the team's member invitations (welcome, approval) and its products and prices (the purchase events).
 */
export interface Choice {
  value: string;
  label: string;
}

/** Pages of the invitation list read for a picker: a team has few invitations, so a few pages hold them all. */
const PICKER_PAGES = 5;

/** The team's member invitations (an administrators' invitation is the object of no member event). */
export function useInvitationChoices(enabled = true) {
  return useSWR(enabled ? teamScoped('event-object-invitations') : null, async () => {
    const choices: Choice[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < PICKER_PAGES; page++) {
      const answer = await callApi(listInvitesCall, { cursor });
      choices.push(...answer.items.filter((i) => i.kind === 'user').map((i) => ({ value: i.inviteId, label: i.title })));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return choices;
  });
}

/**
 * The team's products and prices. Fails while the team has no Stripe account, or for an administrator without the
 * billing category (the form then says so).
 */
export function useCatalogueChoices(enabled: boolean) {
  return useSWR(
    enabled ? teamScoped('event-object-catalogue') : null,
    async () => {
      const [{ products }, { prices }] = await Promise.all([callApi(getProductsCall, {}), callApi(getPricesCall, {})]);
      const names = new Map(products.map((p) => [p.id, p.name]));
      return {
        products: products.map((p): Choice => ({ value: p.id, label: p.name })),
        prices: prices.map((p): Choice => ({ value: p.id, label: `${names.get(p.productId) ?? p.productId} / ${p.nickname || p.id}` })),
      };
    },
    { shouldRetryOnError: false },
  );
}
