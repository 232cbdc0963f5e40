import { createHttpHandler } from '../core/http/create-handler';
import { mediaCalls } from './calls';

export const handler = createHttpHandler(mediaCalls);
