import { createHttpHandler } from '../core/http/create-handler';
import { teamsCalls } from './calls';

export const handler = createHttpHandler(teamsCalls);
