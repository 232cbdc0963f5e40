import { createHttpHandler } from '../http/create-handler';
import { paymentCalls } from './calls';

export const handler = createHttpHandler(paymentCalls);
