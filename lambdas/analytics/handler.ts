import { createHttpHandler } from '../http/create-handler';
import { analyticsCalls } from './calls';

export const handler = createHttpHandler(analyticsCalls);
