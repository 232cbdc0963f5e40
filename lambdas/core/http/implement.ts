import type { Logger } from '@aws-lambda-powertools/logger';
import type { z } from 'zod/mini';
import type { CallDef } from '../../../shared/api/define';
import type { Viewer } from '../../../shared/permissions';
import type { TeamUser } from '../entities/team-user';
import type { Team } from '../entities/team';

/** What the middleware chain has established about the caller before the handler runs. */
export interface CallContext {
  requestId: string;
  logger: Logger;
  sourceIp: string;
  /** Present for every non-public call. */
  caller?: { userId: string; username: string; groups?: string[] };
  /** Present for admin and member calls: the checked team context. */
  team?: Viewer & {
    teamId: string;
    userId: string;
    /** The caller's record in the team, as the access check read it (no second read needed). */
    user: TeamUser;
    /** The team (plan, quota), read once by the access check. */
    team: Team;
  };
  /** Set-Cookie values a handler adds to its answer (the playback grant's signed cookies). */
  cookies?: string[];
}

export type CallHandler<C extends CallDef> = (
  input: z.output<C['input']>,
  ctx: CallContext,
) => Promise<C extends CallDef<z.ZodMiniType, infer O> ? O : never>;

export interface CallImpl {
  def: CallDef;
  handle: (input: unknown, ctx: CallContext) => Promise<unknown>;
}

/** Binds a shared call declaration to its server handler. */
export function implement<C extends CallDef>(def: C, handle: CallHandler<C>): CallImpl {
  return { def, handle: handle as CallImpl['handle'] };
}

/** The checked team context of an admin or member call (the chain guarantees it exists). */
export function teamOf(ctx: CallContext): NonNullable<CallContext['team']> {
  if (!ctx.team) throw new Error('Team context missing: call declared without team access');
  return ctx.team;
}
