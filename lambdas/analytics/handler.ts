import { createHttpHandler } from '../core/http/create-handler';
import { withTableStream } from '../core/events/table-stream-handler';
import { callRoutes } from './call-routes';

/** Analytics' calls, and its reactions to the table's stream (the activities other domains emit). */
export const handler = withTableStream(createHttpHandler(callRoutes), async () => (await import('./reactions')).handleTableStream);
