import type { CallDef } from './define';
import * as auth from './calls/auth';
import * as teams from './calls/teams';

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'domain' in v && 'access' in v && 'input' in v;

/** Every call of the product, declared once; the router, the web client and the CDK routes read this. */
export const allCalls: CallDef[] = [auth, teams].flatMap((m) => Object.values(m).filter(isCall));

export const callsByPath: ReadonlyMap<string, CallDef> = new Map(allCalls.map((c) => [c.path, c]));
