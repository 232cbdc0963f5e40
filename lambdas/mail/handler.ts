import { createHttpHandler } from '../http/create-handler';
import { mailCalls } from './calls';

export const handler = createHttpHandler(mailCalls);
