import { createHttpHandler } from '../core/http/create-handler';
import { withTableStream } from '../core/events/table-stream-handler';
import { callRoutes } from './call-routes';

/** The mail domain's calls, and its reactions to the table's stream (member events, notices' mails). */
export const handler = withTableStream(createHttpHandler(callRoutes), async () => (await import('./reactions')).handleTableStream);
