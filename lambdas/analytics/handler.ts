import { createHttpHandler } from '../core/http/create-handler';
import { withTableStream } from '../core/events/table-stream-handler';
import { analyticsCalls } from './calls';

/** Analytics' calls, and its reactions to the table's stream (the activities other domains emit). */
export const handler = withTableStream(createHttpHandler(analyticsCalls), async () => (await import('./reactions')).handleTableStream);
