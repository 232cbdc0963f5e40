import { createHttpHandler } from '../http/create-handler';
import { planCalls } from './calls';

export const handler = createHttpHandler(planCalls);
