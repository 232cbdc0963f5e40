import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Domain } from '../shared/api/define';
import { handler as auth } from '../lambdas/auth/handler';
import { handler as invites } from '../lambdas/invites/handler';
import { handler as teams } from '../lambdas/teams/handler';
import { handler as settings } from '../lambdas/settings/handler';
import { handler as members } from '../lambdas/members/handler';
import { handler as content } from '../lambdas/content/handler';
import { handler as media } from '../lambdas/media/handler';
import { handler as payments } from '../lambdas/payments/handler';
import { handler as mail } from '../lambdas/mail/handler';
import { handler as plans } from '../lambdas/plans/handler';
import { handler as analytics } from '../lambdas/analytics/handler';

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The same exported Lambda handlers the HTTP API invokes in AWS, one per domain of lambdas/domains.ts
 * (each imported from that domain's entry; test/unit/domains.test.ts holds the two to one list).
 */
export const domainHandlers: Record<Domain, HttpHandler> = { auth, teams, settings, invites, members, content, media, payments, mail, analytics, plans };
