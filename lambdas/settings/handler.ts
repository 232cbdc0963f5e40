import { createHttpHandler } from '../core/http/create-handler';
import { settingsCalls } from './calls';

export const handler = createHttpHandler(settingsCalls);
