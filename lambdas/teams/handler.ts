import { createHttpHandler } from '../http/create-handler';
import { teamsCalls } from './calls';

export const handler = createHttpHandler(teamsCalls);
