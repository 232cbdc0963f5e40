import useSWR from 'swr';
import {
  createCouponCall,
  disconnectCall,
  getConnectionCall,
  getCouponsCall,
  getPricesCall,
  getProductsCall,
  getTaxRatesCall,
  savePriceCall,
  saveProductCall,
  saveTaxRateCall,
  startConnectCall,
  type CreateCouponInput,
  type SavePriceInput,
  type ProductInput,
  type SaveTaxRateInput,
} from '../../../../shared/api/calls/payments';
import { callApi } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { getTeamSession } from '../../lib/team-session';

const teamScoped = (...parts: unknown[]) => {
  const s = getTeamSession();
  return s ? [...parts, s.operatedTeamId, s.operatedUserId] : null;
};

/** The catalogue calls answer 409 `payment/not_connected` until the team's Stripe account can take charges. */
export const isNotConnected = (error: unknown) => error instanceof ApiError && error.code === 'payment/not_connected';

// ---------------------------------------------------------------- connection

export const connectionKey = () => teamScoped(getConnectionCall.path);

export function useConnection() {
  return useSWR(connectionKey(), () => callApi(getConnectionCall, {}));
}

/** Stripe's onboarding link for the team's (new or existing) connected account. */
export const startConnect = () => callApi(startConnectCall, {});
export const disconnect = () => callApi(disconnectCall, {});

// ---------------------------------------------------------------- products

export const productListKey = () => teamScoped(getProductsCall.path);

export function useProducts() {
  return useSWR(productListKey(), () => callApi(getProductsCall, {}));
}

export const saveProduct = (input: ProductInput) => callApi(saveProductCall, input);

// ---------------------------------------------------------------- prices

export const priceListKey = (productId: string) => teamScoped(getPricesCall.path, productId);

export function usePrices(productId: string | undefined) {
  return useSWR(productId ? priceListKey(productId) : null, () => callApi(getPricesCall, { productId: productId! }));
}

export const savePrice = (input: SavePriceInput) => callApi(savePriceCall, input);

// ---------------------------------------------------------------- coupons

export const couponListKey = () => teamScoped(getCouponsCall.path);

export function useCoupons() {
  return useSWR(couponListKey(), () => callApi(getCouponsCall, {}));
}

export const createCoupon = (input: CreateCouponInput) => callApi(createCouponCall, input);

// ---------------------------------------------------------------- tax rates

export const taxRateListKey = () => teamScoped(getTaxRatesCall.path);

export function useTaxRates() {
  return useSWR(taxRateListKey(), () => callApi(getTaxRatesCall, {}));
}

export const saveTaxRate = (input: SaveTaxRateInput) => callApi(saveTaxRateCall, input);
