import type { z } from 'zod/mini';
import { registerOperatorCall, registerOperatorInput } from '../../../../shared/api/calls/teams';
import { callApi } from '../../lib/api';

export type RegisterOperatorInput = z.input<typeof registerOperatorInput>;

/** SPEC §2 /register: creates the operator's team (on trial) and its super administrator. */
export function registerOperator(input: RegisterOperatorInput) {
  return callApi(registerOperatorCall, input);
}
