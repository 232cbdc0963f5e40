import { createHttpHandler } from '../core/http/create-handler';
import { membersCalls } from './calls';

export const handler = createHttpHandler(membersCalls);
