import { createHttpHandler } from '../core/http/create-handler';
import { callRoutes } from './call-routes';

export const handler = createHttpHandler(callRoutes);
