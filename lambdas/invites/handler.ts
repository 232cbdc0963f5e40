import { createHttpHandler } from '../http/create-handler';
import { invitesCalls } from './calls';

export const handler = createHttpHandler(invitesCalls);
