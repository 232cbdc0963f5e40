import { createHttpHandler } from '../core/http/create-handler';
import { withTableStream } from '../core/events/table-stream-handler';
import { mailCalls } from './calls';

/** The mail domain's calls, and its reactions to the table's stream (member events, notices' mails). */
export const handler = withTableStream(createHttpHandler(mailCalls), async () => (await import('./reactions')).handleTableStream);
