import { createHttpHandler } from '../core/http/create-handler';
import { invitesCalls } from './calls';

export const handler = createHttpHandler(invitesCalls);
