import { createHttpHandler } from '../http/create-handler';
import { mediaCalls } from './calls';

export const handler = createHttpHandler(mediaCalls);
