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
  // mail: invitations and their verification mails (the welcome's auto mails and workflows are the mail domain's reaction).
  invites: ['cognito', 'mail'],
  // stripe: a video's prices are checked in the team's Stripe account when the form adds them. The mails of comment,
  // reply and survey-answer notices are the mail domain's reaction to the notices content writes.
  content: ['uploads', 'media', 'playback', 'stripe'],
  media: ['uploads', 'media', 'transcode', 'playback'],
  // A purchase's auto mails, workflows and payment-notice mails are the mail domain's reactions to its events.
  // media, playback: a product's thumbnail is uploaded to the media bucket, checked when saved and its URL signed when read.
  payments: ['stripe', 'media', 'playback'],
  // Bulk and scheduled mail, templates and workflows, and the reactions to other domains' events (auto mails, workflow
  // starts, notices' mails): sends mail and schedules what waits; stripe: a purchase event's targets (prices,
  // products) are checked in the team's Stripe account.
  mail: ['mail', 'schedules', 'stripe'],
  // Rollups and dashboard reads: the table only.
  analytics: [],
  // Operator plans on the platform's own Stripe account (lambdas/plans/).
  plans: ['stripe'],
} as const satisfies Record<Domain, readonly DomainGrant[]>;

/** The Lambda entry of a domain, relative to the repository root. */
export const domainEntry = (domain: Domain): string => `lambdas/${domain}/handler.ts`;
