import type { z } from 'zod';

/** The server-side domains; each is one Lambda in AWS and one handler locally. */
export const domains = ['teams', 'auth', 'settings', 'members', 'invites', 'content', 'media'] as const;
export type Domain = (typeof domains)[number];

/** SPEC §6 administrator categories. A super administrator holds every one. */
export const adminCategories = [
  'contentsManager',
  'analyst',
  'userManager',
  'designer',
  'payingManager',
  'siteManager',
] as const;
export type AdminCategory = (typeof adminCategories)[number];

/**
 * Who may call:
 * - public: no token;
 * - signedIn: a verified access token, no team context (e.g. "which teams am I admin of");
 * - admin: token + operatedTeamId/operatedUserId of an administrator of that team, holding one of `categories` (any when omitted);
 * - member: token + team context of a member (or administrator) of that team.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'admin'; categories?: readonly AdminCategory[] }
  | { kind: 'member' };

export interface CallDef<I extends z.ZodType = z.ZodType, O = unknown> {
  /** POST /api<path> */
  path: `/${string}`;
  domain: Domain;
  access: Access;
  input: I;
  /** Phantom: the answer's type, for the web client. */
  output?: O;
}

export function defineCall<I extends z.ZodType, O>(def: Omit<CallDef<I, O>, 'output'>): CallDef<I, O> {
  return def as CallDef<I, O>;
}

export type CallInput<C> = C extends CallDef<infer I, unknown> ? z.input<I> : never;
export type CallOutput<C> = C extends CallDef<z.ZodType, infer O> ? O : never;

/** Fields the web client adds to every team-scoped call (SPEC §6). */
export interface TeamContext {
  operatedTeamId: string;
  operatedUserId: string;
}
