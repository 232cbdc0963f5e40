import type { Domain } from '../shared/api/define';

/** What a domain's function may touch besides the table (each maps to one PlatformFunction grant in lib/). */
export type DomainGrant = 'cognito' | 'mail' | 'schedules' | 'uploads' | 'media' | 'transcode' | 'playback' | 'stripe' | 'federation';

/**
 * The one table of server-side domains: each is one Lambda in AWS (lib/stacks/api-stack.ts) and one handler
 * locally (local/domain-handlers.ts), both built from its entry `lambdas/<domain>/handler.ts`.
 * `satisfies Record<Domain, …>`: a domain declared in shared/api/define.ts cannot be missing here, nor an
 * unknown one added; test/unit/domains.test.ts holds the local handlers to the same list.
 */
export const DOMAIN_GRANTS = {
  teams: ['cognito', 'mail'],
  auth: ['cognito', 'mail'],
  // federation: the team's SAML/OIDC providers and the app client's allowed providers (issue 15).
  // playback: the public design call signs its images' URLs with the media-cookie key (found by the grant-evidence test).
  settings: ['cognito', 'uploads', 'media', 'federation', 'playback'],
  // schedules: a member import's job.
  members: ['cognito', 'mail', 'uploads', 'schedules'],
  // schedules: a member's welcome or approval starts the workflows waiting on it.
  invites: ['cognito', 'mail', 'schedules'],
  // stripe: a video's prices are checked in the team's Stripe account when the form adds them; mail: comment, reply and
  // survey-answer notices (the grant-evidence test found it missing: the comment was saved, then the request failed).
  content: ['uploads', 'media', 'playback', 'stripe', 'mail'],
  media: ['uploads', 'media', 'transcode', 'playback'],
  // mail and schedules: a purchase or a cancelled subscription sends its auto mails and starts workflows.
  payments: ['stripe', 'mail', 'schedules'],
  // Bulk and scheduled mail, templates and workflows: sends mail and schedules what waits; stripe: a purchase
  // event's targets (prices, products) are checked in the team's Stripe account.
  mail: ['mail', 'schedules', 'stripe'],
  // Rollups and dashboard reads: the table only.
  analytics: [],
  // Operator plans on the platform's own Stripe account (lambdas/plans/).
  plans: ['stripe'],
} as const satisfies Record<Domain, readonly DomainGrant[]>;

/** The Lambda entry of a domain, relative to the repository root. */
export const domainEntry = (domain: Domain): string => `lambdas/${domain}/handler.ts`;
