import { useLocation } from 'react-router';
import { areaBaseOf, PurchaseNotFound } from '../components/purchase-not-found';

/**
 * SPEC §2 not-found pages for a product and a price, in the member area (/user/:teamId/not_found/<product|price>)
 * and the catalog (/catalog/:teamId/not_found/<product|price>; lib/catalog-path.ts converts one to the other). The
 * way back leads to the page that sent the person here (router state `from`, same area and team), else the area's top.
 */
function PurchaseNotFoundPage() {
  const { pathname, state } = useLocation();
  const base = areaBaseOf(pathname) ?? '/';
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  const backTo = typeof from === 'string' && areaBaseOf(from) === base ? from : base;
  return <PurchaseNotFound kind={/\/not_found\/price\/?$/.test(pathname) ? 'price' : 'product'} backTo={backTo} />;
}

export { PurchaseNotFoundPage as Component };
