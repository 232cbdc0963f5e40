import { createHttpHandler } from '../core/http/create-handler';
import { authCalls } from './calls';

export const handler = createHttpHandler(authCalls);
