import { createHttpHandler } from '../http/create-handler';
import { settingsCalls } from './calls';

export const handler = createHttpHandler(settingsCalls);
