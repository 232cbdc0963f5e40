import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type Stripe from 'stripe';
import { parseForm, record, text, type Form } from './form';

/**
 * A local Stripe-compatible server for `npm start` and the tests (no emulator covers Connect, Prices and
 * Checkout: localstripe lacks them, stripe-mock keeps no state). The real `stripe` SDK reaches it through its
 * host, port and protocol options. It answers what the platform's calls use, shaped by the SDK's own types;
 * `test/integration/payments/stripe-contract.test.ts` runs the SDK against it so it cannot drift silently.
 *
 * So far: connected accounts (`/v1/accounts`), products, prices, coupons and tax rates, each scoped by the `Stripe-Account` header
 * as Stripe scopes a connected account's objects; Stripe's list pages, error bodies and idempotency keys.
 */

/** Decimal fields travel as strings on the wire (the SDK turns them into its Decimal). */
type Wire<T> = { [K in keyof T]: K extends `${string}_decimal` ? string | null : T[K] };
type WirePrice = Wire<Stripe.Price>;
type StoredObject = Stripe.Account | Stripe.Product | WirePrice | Stripe.Coupon | Stripe.TaxRate;

interface State {
  /** Objects by owner (`platform` or a connected account id), then by id. */
  objects: Record<string, Record<string, StoredObject>>;
  /** Replayed answers by owner and Idempotency-Key. */
  idempotent: Record<string, { status: number; body: unknown }>;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
const invalid = (param: string, message: string) => new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, param });
const required = (param: string) => new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: `Missing required param: ${param}.`, param });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

export interface StripeStandIn {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StripeStandInOptions {
  port: number;
  /** The platform's secret key; a request with another is refused as Stripe does. */
  secretKey: string;
  /** Where the state is kept between runs (absent: memory only). */
  stateFile?: string;
}

export async function startStripeStandIn(opts: StripeStandInOptions): Promise<StripeStandIn> {
  const state: State = opts.stateFile && existsSync(opts.stateFile) ? (JSON.parse(readFileSync(opts.stateFile, 'utf8')) as State) : { objects: {}, idempotent: {} };
  const save = () => {
    if (!opts.stateFile) return;
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    writeFileSync(opts.stateFile, JSON.stringify(state));
  };
  const bucket = (owner: string) => (state.objects[owner] ??= {});

  const accountOf = (owner: string): void => {
    if (owner !== 'platform' && !state.objects.platform?.[owner]) {
      throw new StripeHttpError(403, { type: 'invalid_request_error', code: 'account_invalid', message: `The provided key does not have access to account '${owner}' (or that account does not exist).` });
    }
  };

  const get = <T extends StoredObject>(owner: string, object: T['object'], id: string): T => {
    const found = bucket(owner)[id];
    if (!found || found.object !== object) throw missing(object, id);
    return found as T;
  };

  const list = <T extends StoredObject>(owner: string, object: T['object'], q: URLSearchParams, path: string, keep: (o: T) => boolean = () => true) => {
    const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 10) || 10));
    // Newest first, as Stripe lists.
    let all = Object.values(bucket(owner))
      .filter((o): o is T => o.object === object)
      .filter(keep)
      .sort((a, b) => (b as { created: number }).created - (a as { created: number }).created || (a.id < b.id ? 1 : -1));
    const after = q.get('starting_after');
    if (after) {
      const i = all.findIndex((o) => o.id === after);
      if (i < 0) throw missing(object, after, 'starting_after');
      all = all.slice(i + 1);
    }
    return { object: 'list' as const, data: all.slice(0, limit), has_more: all.length > limit, url: path };
  };

  const flag = (form: Form, key: string): boolean | undefined => {
    const v = text(form[key]);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw invalid(key, `Invalid boolean: ${v}`);
    return v === 'true';
  };
  const integer = (form: Form, key: string): number | undefined => {
    const v = text(form[key]);
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw invalid(key, `Invalid integer: ${v}`);
    return Number(v);
  };

  const createAccount = (form: Form): Stripe.Account => {
    const type = (text(form.type) ?? 'standard') as Stripe.Account.Type;
    if (!['standard', 'express', 'custom'].includes(type)) throw invalid('type', `Invalid type: ${type}`);
    const account: Stripe.Account = {
      id: newId('acct'),
      object: 'account',
      type,
      email: text(form.email) ?? null,
      country: text(form.country) ?? 'JP',
      default_currency: 'jpy',
      created: now(),
      metadata: record(form.metadata),
      // The local account is ready at once: there is no onboarding to go through.
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    };
    bucket('platform')[account.id] = account;
    return account;
  };

  const createProduct = (owner: string, form: Form): Stripe.Product => {
    const name = text(form.name);
    if (!name) throw required('name');
    const product: Stripe.Product = {
      id: text(form.id) ?? newId('prod'),
      object: 'product',
      active: flag(form, 'active') ?? true,
      created: now(),
      updated: now(),
      default_price: null,
      description: text(form.description) ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: record(form.metadata),
      name,
      package_dimensions: null,
      shippable: null,
      tax_details: null,
      type: 'service',
      url: null,
    };
    if (bucket(owner)[product.id]) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: `Product already exists.`, param: 'id' });
    bucket(owner)[product.id] = product;
    return product;
  };

  const updateProduct = (owner: string, id: string, form: Form): Stripe.Product => {
    const product = get<Stripe.Product>(owner, 'product', id);
    const name = text(form.name);
    if (name !== undefined && !name) throw invalid('name', 'You must supply a non-empty name.');
    Object.assign(product, {
      ...(name ? { name } : {}),
      ...(form.description !== undefined ? { description: text(form.description) || null } : {}),
      ...(flag(form, 'active') !== undefined ? { active: flag(form, 'active') } : {}),
      ...(form.metadata !== undefined ? { metadata: { ...product.metadata, ...record(form.metadata) } } : {}),
      updated: now(),
    });
    return product;
  };

  const createPrice = (owner: string, form: Form): WirePrice => {
    const productId = text(form.product);
    if (!productId) throw required('product');
    get<Stripe.Product>(owner, 'product', productId);
    const currency = text(form.currency)?.toLowerCase();
    if (!currency) throw required('currency');
    if (!['jpy', 'usd'].includes(currency)) throw invalid('currency', `Invalid currency: ${currency}.`);
    const unitAmount = integer(form, 'unit_amount');
    if (unitAmount === undefined) throw required('unit_amount');
    if (unitAmount < 0) throw invalid('unit_amount', 'This value must be greater than or equal to 0.');
    const recurringForm = form.recurring && typeof form.recurring === 'object' && !Array.isArray(form.recurring) ? form.recurring : undefined;
    let recurring: Stripe.Price.Recurring | null = null;
    if (recurringForm) {
      const interval = text(recurringForm.interval) as Stripe.Price.Recurring.Interval | undefined;
      if (!interval || !['day', 'week', 'month', 'year'].includes(interval)) throw invalid('recurring[interval]', `Invalid recurring[interval]: ${interval ?? ''}`);
      const count = integer(recurringForm as Form, 'interval_count') ?? 1;
      const trial = integer(recurringForm as Form, 'trial_period_days');
      recurring = { interval, interval_count: count, meter: null, trial_period_days: trial ?? null, usage_type: 'licensed' };
    }
    const price: WirePrice = {
      id: newId('price'),
      object: 'price',
      active: flag(form, 'active') ?? true,
      billing_scheme: 'per_unit',
      created: now(),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: text(form.lookup_key) ?? null,
      metadata: record(form.metadata),
      nickname: text(form.nickname) ?? null,
      product: productId,
      recurring,
      tax_behavior: (text(form.tax_behavior) as Stripe.Price.TaxBehavior | undefined) ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    bucket(owner)[price.id] = price;
    return price;
  };

  const updatePrice = (owner: string, id: string, form: Form): WirePrice => {
    const price = get<WirePrice>(owner, 'price', id);
    // Stripe prices are immutable but for these: an amount change is a new price.
    for (const key of Object.keys(form)) {
      if (!['active', 'metadata', 'nickname', 'lookup_key', 'expand'].includes(key)) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_unknown', message: `Received unknown parameter: ${key}`, param: key });
    }
    Object.assign(price, {
      ...(flag(form, 'active') !== undefined ? { active: flag(form, 'active') } : {}),
      ...(form.nickname !== undefined ? { nickname: text(form.nickname) || null } : {}),
      ...(form.metadata !== undefined ? { metadata: { ...price.metadata, ...record(form.metadata) } } : {}),
    });
    return price;
  };

  const decimal = (form: Form, key: string): number | undefined => {
    const v = text(form[key]);
    if (v === undefined) return undefined;
    if (!/^\d+(\.\d+)?$/.test(v)) throw invalid(key, `Invalid decimal: ${v}`);
    return Number(v);
  };

  const createCoupon = (owner: string, form: Form): Stripe.Coupon => {
    const percentOff = decimal(form, 'percent_off');
    const amountOff = integer(form, 'amount_off');
    if ((percentOff === undefined) === (amountOff === undefined)) throw invalid('percent_off', 'You must pass exactly one of percent_off or amount_off.');
    if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) throw invalid('percent_off', 'Percent off must be greater than 0 and at most 100.');
    const currency = text(form.currency)?.toLowerCase();
    if (amountOff !== undefined && !currency) throw required('currency');
    const duration = (text(form.duration) ?? 'once') as Stripe.Coupon.Duration;
    if (!['once', 'repeating', 'forever'].includes(duration)) throw invalid('duration', `Invalid duration: ${duration}`);
    const months = integer(form, 'duration_in_months');
    if (duration === 'repeating' && !months) throw required('duration_in_months');
    const id = text(form.id) ?? newId('coupon').slice(7, 15);
    if (bucket(owner)[id]) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.', param: 'id' });
    const coupon: Stripe.Coupon = {
      id,
      object: 'coupon',
      amount_off: amountOff ?? null,
      currency: amountOff !== undefined ? currency! : null,
      created: now(),
      duration,
      duration_in_months: duration === 'repeating' ? months! : null,
      livemode: false,
      max_redemptions: integer(form, 'max_redemptions') ?? null,
      metadata: record(form.metadata),
      name: text(form.name) ?? null,
      percent_off: percentOff ?? null,
      redeem_by: integer(form, 'redeem_by') ?? null,
      times_redeemed: 0,
      valid: true,
    };
    bucket(owner)[id] = coupon;
    return coupon;
  };

  const createTaxRate = (owner: string, form: Form): Stripe.TaxRate => {
    const displayName = text(form.display_name);
    if (!displayName) throw required('display_name');
    const percentage = decimal(form, 'percentage');
    if (percentage === undefined) throw required('percentage');
    if (percentage > 100) throw invalid('percentage', 'Percentage must be at most 100.');
    const inclusive = flag(form, 'inclusive');
    if (inclusive === undefined) throw required('inclusive');
    const rate: Stripe.TaxRate = {
      id: newId('txr'),
      object: 'tax_rate',
      active: flag(form, 'active') ?? true,
      country: text(form.country) ?? null,
      created: now(),
      description: text(form.description) ?? null,
      display_name: displayName,
      effective_percentage: percentage,
      flat_amount: null,
      inclusive,
      jurisdiction: text(form.jurisdiction) ?? null,
      jurisdiction_level: null,
      livemode: false,
      metadata: record(form.metadata),
      percentage,
      rate_type: 'percentage',
      state: null,
      tax_type: (text(form.tax_type) as Stripe.TaxRate.TaxType | undefined) ?? null,
    };
    bucket(owner)[rate.id] = rate;
    return rate;
  };

  const route = (method: string, path: string, q: URLSearchParams, form: Form, owner: string): unknown => {
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?]
    if (parts[0] !== 'v1') throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    const [, resource, id] = parts;
    if (resource === 'accounts') {
      if (owner !== 'platform') throw new StripeHttpError(403, { type: 'invalid_request_error', message: 'A connected account cannot manage accounts.' });
      if (method === 'POST' && !id) return createAccount(form);
      if (method === 'GET' && id) return get<Stripe.Account>('platform', 'account', id);
      if (method === 'GET') return list<Stripe.Account>('platform', 'account', q, '/v1/accounts');
      if (method === 'DELETE' && id) {
        get<Stripe.Account>('platform', 'account', id);
        delete bucket('platform')[id];
        delete state.objects[id];
        return { id, object: 'account', deleted: true };
      }
    }
    if (resource === 'products') {
      if (method === 'POST' && !id) return createProduct(owner, form);
      if (method === 'POST' && id) return updateProduct(owner, id, form);
      if (method === 'GET' && id) return get<Stripe.Product>(owner, 'product', id);
      if (method === 'GET') {
        const active = q.get('active');
        return list<Stripe.Product>(owner, 'product', q, '/v1/products', (p) => active === null || String(p.active) === active);
      }
      if (method === 'DELETE' && id) {
        get<Stripe.Product>(owner, 'product', id);
        if (Object.values(bucket(owner)).some((o) => o.object === 'price' && o.product === id)) {
          throw new StripeHttpError(400, { type: 'invalid_request_error', message: 'This product cannot be deleted because it has one or more user-created prices.' });
        }
        delete bucket(owner)[id];
        return { id, object: 'product', deleted: true };
      }
    }
    if (resource === 'prices') {
      if (method === 'POST' && !id) return createPrice(owner, form);
      if (method === 'POST' && id) return updatePrice(owner, id, form);
      if (method === 'GET' && id) return get<WirePrice>(owner, 'price', id);
      if (method === 'GET') {
        const product = q.get('product');
        const active = q.get('active');
        const type = q.get('type');
        return list<WirePrice>(owner, 'price', q, '/v1/prices', (p) => (!product || p.product === product) && (active === null || String(p.active) === active) && (!type || p.type === type));
      }
    }
    if (resource === 'coupons') {
      if (method === 'POST' && !id) return createCoupon(owner, form);
      if (method === 'GET' && id) return get<Stripe.Coupon>(owner, 'coupon', id);
      if (method === 'GET') return list<Stripe.Coupon>(owner, 'coupon', q, '/v1/coupons');
      if (method === 'POST' && id) {
        const coupon = get<Stripe.Coupon>(owner, 'coupon', id);
        // Only the name and metadata of a coupon can change.
        Object.assign(coupon, {
          ...(form.name !== undefined ? { name: text(form.name) || null } : {}),
          ...(form.metadata !== undefined ? { metadata: { ...coupon.metadata, ...record(form.metadata) } } : {}),
        });
        return coupon;
      }
      if (method === 'DELETE' && id) {
        get<Stripe.Coupon>(owner, 'coupon', id);
        delete bucket(owner)[id];
        return { id, object: 'coupon', deleted: true };
      }
    }
    if (resource === 'tax_rates') {
      if (method === 'POST' && !id) return createTaxRate(owner, form);
      if (method === 'GET' && id) return get<Stripe.TaxRate>(owner, 'tax_rate', id);
      if (method === 'GET') {
        const active = q.get('active');
        return list<Stripe.TaxRate>(owner, 'tax_rate', q, '/v1/tax_rates', (r) => active === null || String(r.active) === active);
      }
      if (method === 'POST' && id) {
        const rate = get<Stripe.TaxRate>(owner, 'tax_rate', id);
        // A tax rate's percentage is fixed once created; its labels and state can change.
        if (form.percentage !== undefined) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_unknown', message: 'Received unknown parameter: percentage', param: 'percentage' });
        Object.assign(rate, {
          ...(text(form.display_name) ? { display_name: text(form.display_name) } : {}),
          ...(form.description !== undefined ? { description: text(form.description) || null } : {}),
          ...(flag(form, 'active') !== undefined ? { active: flag(form, 'active') } : {}),
          ...(form.metadata !== undefined ? { metadata: { ...rate.metadata, ...record(form.metadata) } } : {}),
        });
        return rate;
      }
    }
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    try {
      if ((req.headers.authorization ?? '') !== `Bearer ${opts.secretKey}`) {
        throw new StripeHttpError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      }
      const owner = String(req.headers['stripe-account'] ?? '') || 'platform';
      accountOf(owner);
      const form = method === 'POST' ? parseForm(Buffer.concat(chunks).toString('utf8')) : {};
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replayKey = key ? `${owner} ${String(key)}` : undefined;
      if (replayKey && state.idempotent[replayKey]) {
        const { status, body } = state.idempotent[replayKey];
        res.setHeader('idempotent-replayed', 'true');
        return answer(res, status, body);
      }
      const body = route(method, url.pathname, url.searchParams, form, owner);
      if (replayKey) state.idempotent[replayKey] = { status: 200, body };
      if (method !== 'GET') save();
      answer(res, 200, body);
    } catch (error) {
      if (error instanceof StripeHttpError) return answer(res, error.status, { error: error.body });
      answer(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
    }
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
