import { createHttpHandler } from '../core/http/create-handler';
import { paymentCalls } from './calls';

export const handler = createHttpHandler(paymentCalls);
