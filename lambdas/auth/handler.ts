import { createHttpHandler } from '../http/create-handler';
import { authCalls } from './calls';

export const handler = createHttpHandler(authCalls);
