/**
 * The key helper: the only code that spells key prefixes. Entity modules call these; handlers never do.
 * Team data always begins with `T#<teamId>#` so no key can reach another team's items.
 */
const SAFE_ID = /^[0-9A-Za-z_-]{1,64}$/;

export function assertId(id: string, what = 'id'): string {
  if (!SAFE_ID.test(id)) throw new Error(`Invalid ${what}`);
  return id;
}

/** Partition or sort key inside a team: `T#<teamId>#<part>#<part>…` */
export const teamKey = (teamId: string, ...parts: string[]): string => `T#${assertId(teamId, 'teamId')}#${parts.join('#')}`;

/** Global lookups (hold ids only, never team content). */
export const globalKey = (kind: 'IDENTITY' | 'EMAIL' | 'SCHEDULE' | 'TRANSCODE' | 'INVITE' | 'DOMAIN' | 'TOKEN' | 'RATE' | 'STRIPE_ACCOUNT' | 'STRIPE_EVENT', ...parts: string[]): string =>
  `${kind}#${parts.join('#')}`;
