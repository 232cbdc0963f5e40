import { createHttpHandler } from '../core/http/create-handler';
import { planCalls } from './calls';

export const handler = createHttpHandler(planCalls);
