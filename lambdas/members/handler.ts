import { createHttpHandler } from '../http/create-handler';
import { membersCalls } from './calls';

export const handler = createHttpHandler(membersCalls);
