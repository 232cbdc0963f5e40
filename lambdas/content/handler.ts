import { createHttpHandler } from '../http/create-handler';
import { contentCalls } from './calls';
import { catalogCalls } from './catalog-calls';
import { memberVideoCalls } from './member-calls';

export const handler = createHttpHandler([...contentCalls, ...memberVideoCalls, ...catalogCalls]);
