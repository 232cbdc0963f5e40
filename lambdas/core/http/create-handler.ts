import middy, { type MiddlewareObj } from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { isErrorCode, type ErrorCode } from '../../../shared/errors';
import { ruleOf, type CallDef } from '../../../shared/api/define';
import { idSchema } from '../../../shared/api/ids';
import { API_SECURITY_HEADERS } from '../../../shared/security-headers';
import { heldCategories, refusal } from '../../../shared/permissions';
import { gateErrorCode, openWhenGated, teamGate } from '../../../shared/plans';
import { InvalidTokenError, verifyAccessToken } from '../../platform/access-token';
import { ConditionFailedError } from '../../platform/db';
import { isTransientFailure } from '../../platform/transient-errors';
import { getSiteSettings } from '../entities/site-settings';
import { getIdentityLink, getTeamUser } from '../entities/team-user';
import { getTeam } from '../entities/team';
import { checkTeamCallSecurity } from '../access/member-access';
import { LOGIN_SESSION_HEADER } from '../../../shared/api/calls/auth';
import { AppError } from './app-error';
import type { CallContext, CallImpl } from './implement';
import { callFinder, type CallRoutes } from './call-routes';

/** SPEC-independent transport limit: bodies above 1 MB are refused with 413 before parsing. */
export const MAX_BODY_BYTES = 1024 * 1024;

// Created on first use so that it reads the environment the handler runs with (locally set after import).
let rootLogger: Logger | undefined;
const baseLogger = () => (rootLogger ??= new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'platform' }));

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

interface State {
  ctx: CallContext;
  impl?: CallImpl;
  body?: Record<string, unknown>;
}
const stateOf = new WeakMap<Event, State>();
const state = (event: Event): State => {
  const s = stateOf.get(event);
  if (!s) throw new Error('Request state missing');
  return s;
};

const json = (status: number, body: unknown, requestId: string): Result => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, 'cache-control': 'no-store', ...API_SECURITY_HEADERS },
  body: JSON.stringify(body),
});

/** zod issues -> one message code per field (the first), as SPEC §8's field messages. */
export function fieldErrors(error: z.core.$ZodError): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (fields[field]) continue;
    fields[field] = isErrorCode(issue.message) ? issue.message : 'validation/invalid_value';
  }
  return fields;
}

/** Request id, child logger, and the error shape for every failure (a 500 is logged as a bug). */
const requestScope = (): MiddlewareObj<Event, Result> => ({
  before: (request) => {
    const requestId = request.event.requestContext?.requestId || request.context.awsRequestId;
    const logger = baseLogger().createChild({ persistentKeys: { requestId } });
    stateOf.set(request.event, {
      ctx: { requestId, logger, sourceIp: request.event.requestContext?.http?.sourceIp ?? '' },
    });
  },
  onError: (request) => {
    const s = stateOf.get(request.event);
    const requestId = s?.ctx.requestId ?? request.context.awsRequestId;
    const err = request.error;
    if (err instanceof AppError) {
      if (err.status >= 500) s?.ctx.logger.error('call failed', { code: err.code, error: err });
      else s?.ctx.logger.info('call refused', { code: err.code, status: err.status });
      const error = { code: err.code, ...(err.fields ? { fields: err.fields } : {}), ...(err.values ? { values: err.values } : {}) };
      request.response = json(err.status, { error }, requestId);
      return;
    }
    // A conditional write that lost a race and was not retried: the caller may try again, it is not our bug.
    if (err instanceof ConditionFailedError) {
      s?.ctx.logger.warn('concurrent update', { error: err });
      request.response = json(409, { error: { code: 'common/concurrent_update' } }, requestId);
      return;
    }
    // An outside service busy or briefly down after the SDK's own retries: the caller may send it again shortly.
    if (isTransientFailure(err)) {
      s?.ctx.logger.warn('service busy', { error: err as Error });
      request.response = json(503, { error: { code: 'common/temporarily_unavailable' } }, requestId);
      request.response.headers = { ...request.response.headers, 'retry-after': '2' };
      return;
    }
    (s?.ctx.logger ?? baseLogger()).error('unexpected error', { error: err as Error });
    request.response = json(500, { error: { code: 'common/unknown' } }, requestId);
  },
});

/** Route lookup, body size limit and JSON parsing. */
const parseRequest = (find: (path: string) => Promise<CallImpl | undefined>): MiddlewareObj<Event, Result> => ({
  before: async (request) => {
    const s = state(request.event);
    const { event } = request;
    if (event.requestContext?.http?.method !== 'POST') throw new AppError('common/not_found');
    const impl = await find(event.rawPath.replace(/^\/api/, ''));
    if (!impl) throw new AppError('common/not_found');
    s.impl = impl;
    const raw = event.body ?? '';
    const size = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
    if (size > MAX_BODY_BYTES) throw new AppError('common/payload_too_large');
    const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    if (text.trim() === '') {
      s.body = {};
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError('common/invalid_json');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new AppError('common/invalid_json');
    s.body = parsed as Record<string, unknown>;
  },
});

/** JWT verification (access tokens only) for every non-public call. */
const authenticate = (): MiddlewareObj<Event, Result> => ({
  before: async (request) => {
    const s = state(request.event);
    const def = s.impl!.def;
    const kind = ruleOf(def).kind;
    if (kind === 'public') return;
    const header = request.event.headers?.authorization ?? request.event.headers?.Authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('auth/not_logged_in');
    try {
      const caller = await verifyAccessToken(match[1]);
      s.ctx.caller = { userId: caller.userId, username: caller.username, ...(caller.groups ? { groups: caller.groups } : {}) };
      s.ctx.logger.appendKeys({ userId: caller.userId });
    } catch (e) {
      if (e instanceof InvalidTokenError) throw new AppError(e.expired ? 'auth/token_expired' : 'auth/not_logged_in');
      throw e;
    }
  },
});

const teamContextShape = z.object({
  operatedTeamId: idSchema,
  operatedUserId: z
    .string({ error: 'validation/required' })
    .check(z.minLength(1, 'validation/required'), z.maxLength(128, 'validation/too_long')),
});

/**
 * The team context check (DESIGN §3): operatedTeamId/operatedUserId must be the verified caller and a team
 * the caller belongs to with the role and category the call needs; anything else is 403 and reveals nothing.
 */
const checkTeamAccess = (): MiddlewareObj<Event, Result> => ({
  before: async (request) => {
    const s = state(request.event);
    const def = s.impl!.def;
    const kind = ruleOf(def).kind;
    if (kind !== 'admin' && kind !== 'member' && kind !== 'manager') return;
    const parsed = teamContextShape.safeParse(s.body);
    if (!parsed.success) throw new AppError('common/invalid_input', fieldErrors(parsed.error));
    const { operatedTeamId, operatedUserId } = parsed.data;
    // A federated identity linked to a team user (issue 15) acts as that user: its identity link names it.
    const linked = operatedUserId !== s.ctx.caller!.userId;
    if (linked && (await getIdentityLink(s.ctx.caller!.userId, operatedTeamId))?.userId !== operatedUserId) {
      throw new AppError('common/no_operation_authority');
    }
    // The three reads at once: the settings (IP lists, login rules) and the team (plan) are needed whatever the role.
    const [user, settings, team] = await Promise.all([
      getTeamUser(operatedTeamId, operatedUserId),
      getSiteSettings(operatedTeamId),
      getTeam(operatedTeamId),
    ]);
    // Never an administrator through a linked identity: administrators sign in with their own account (and TOTP).
    if (!user || user.disabled || !team || (linked && user.role === 'admin')) throw new AppError('common/no_operation_authority');
    const viewer = {
      role: user.role,
      adminLevel: user.adminLevel,
      categories: [...heldCategories({ adminLevel: user.adminLevel, categories: user.categories })],
      managerOf: user.managerOf,
      plan: team.plan,
    };
    // Manager permissions are per group: the call only needs a team member here; the handler authorizes the group.
    const refused = ruleOf(def).kind === 'manager' ? undefined : refusal(viewer, def.permission);
    if (refused === 'noAuthority') throw new AppError('common/no_operation_authority');
    if (refused === 'plan') throw new AppError('plan/feature_unavailable');
    // SPEC §2 /entry: an expired trial or an unpaid/cancelled plan shuts the team but for choosing and paying a plan.
    const gate = teamGate(team, new Date());
    if (gate && (user.role !== 'admin' || !openWhenGated(def.path))) throw new AppError(gateErrorCode(gate));
    s.ctx.team = { teamId: operatedTeamId, userId: operatedUserId, ...viewer, user, team };
    s.ctx.logger.appendKeys({ teamId: operatedTeamId });
    const headers = request.event.headers ?? {};
    await checkTeamCallSecurity({ user, settings, sourceIp: s.ctx.sourceIp, loginSessionId: headers[LOGIN_SESSION_HEADER] });
  },
});

async function run(event: Event): Promise<Result> {
  const s = state(event);
  const def: CallDef = s.impl!.def;
  const { operatedTeamId: _t, operatedUserId: _u, stripeAccount: _sa, ...body } = s.body ?? {};
  const parsed = def.input.safeParse(body);
  if (!parsed.success) throw new AppError('common/invalid_input', fieldErrors(parsed.error));
  const out = await s.impl!.handle(parsed.data, s.ctx);
  const result = json(200, out ?? {}, s.ctx.requestId);
  return s.ctx.cookies?.length ? { ...result, cookies: s.ctx.cookies } : result;
}

/**
 * The Lambda handler for a set of calls: API Gateway v2 event in, JSON answer out. A domain passes its generated
 * route table (each call's module loads on first use); tests may pass implementations. The local gateway calls
 * exactly this function, so there is no second code path.
 */
export function createHttpHandler(calls: readonly CallImpl[] | CallRoutes) {
  return middy<Event, Result, Error, Context>()
    .use(requestScope())
    .use(parseRequest(callFinder(calls)))
    .use(authenticate())
    .use(checkTeamAccess())
    .handler(run);
}
