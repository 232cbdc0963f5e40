import type { z } from 'zod/mini';
import { permissions, type PermissionName, type PermissionRule } from '../permissions';

/** The server-side domains; each is one Lambda in AWS and one handler locally. */
export const domains = ['teams', 'auth', 'settings', 'members', 'invites', 'content', 'media', 'payments', 'mail', 'analytics', 'plans'] as const;
export type Domain = (typeof domains)[number];

export interface CallDef<I extends z.ZodMiniType = z.ZodMiniType, O = unknown> {
  /** POST /api<path> */
  path: `/${string}`;
  domain: Domain;
  /** The named permission (shared/permissions.ts) the caller needs; per-item checks use `authorize` in the handler. */
  permission: PermissionName;
  input: I;
  /** Phantom: the answer's type, for the web client. */
  output?: O;
}

/**
 * `defineCall<Input, Answer>()({ path, domain, permission, input })`. Curried so the input and answer types are
 * given while the path and the permission stay literal types: a reference by path (`callRef` in the web) that
 * names no declared call, or the wrong permission, does not compile.
 */
export function defineCall<I extends z.ZodMiniType, O>() {
  return <const P extends `/${string}`, const N extends PermissionName>(
    def: Omit<CallDef<I, O>, 'output' | 'path' | 'permission'> & { path: P; permission: N },
  ): CallDef<I, O> & { path: P; permission: N } => def as CallDef<I, O> & { path: P; permission: N };
}

/**
 * The declarer of one domain's calls: `const contentCall = callsOf('content')`, then
 * `contentCall<Input, Answer>()(path, permission, input)` is `defineCall` with that domain (an area's calls all
 * belong to one domain), the path and the permission kept as literal types.
 */
export function callsOf<const D extends Domain>(domain: D) {
  return <I extends z.ZodMiniType, O>() =>
    <const P extends `/${string}`, const N extends PermissionName>(path: P, permission: N, input: I) =>
      defineCall<I, O>()({ path, domain, permission, input });
}

export type CallInput<C> = C extends CallDef<infer I, unknown> ? z.input<I> : never;
export type CallOutput<C> = C extends CallDef<z.ZodMiniType, infer O> ? O : never;

/** Fields the web client adds to every team-scoped call (SPEC §6). */
export interface TeamContext {
  operatedTeamId: string;
  operatedUserId: string;
}

/** The rule behind a call's permission. */
export const ruleOf = (def: Pick<CallDef, 'permission'>): PermissionRule => permissions[def.permission];

/** Whether a call runs in a team context (operatedTeamId/operatedUserId checked by the server). */
export const isTeamCall = (def: Pick<CallDef, 'permission'>): boolean => {
  const kind = ruleOf(def).kind;
  return kind === 'member' || kind === 'admin' || kind === 'manager';
};
