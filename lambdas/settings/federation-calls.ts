import { getFederationSettingsCall, updateFederationSettingsCall } from '../../shared/api/calls/federation';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { federationAnswer, updateFederation } from '../core/entities/federation-settings';

/** SPEC §3 sign-in choices (site managers, Pro and above: `admin.site.externalLogin`). */
export const federationCalls: CallImpl[] = [
  implement(getFederationSettingsCall, async (_input, ctx) => federationAnswer(teamOf(ctx).teamId)),
  implement(updateFederationSettingsCall, async (input, ctx) => updateFederation(teamOf(ctx).teamId, input)),
];
