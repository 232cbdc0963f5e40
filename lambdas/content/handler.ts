import { createHttpHandler } from '../core/http/create-handler';
import { contentCalls } from './calls';
import { catalogCalls } from './catalog-calls';
import { eventCallImpls } from './event/event-calls';
import { fileCalls } from './files/file-calls';
import { zoomCalls } from './live/zoom-calls';
import { contentItemCallImpls } from './items/item-calls';
import { memberVideoCalls } from './member-calls';
import { commentCalls } from './comments/comment-calls';
import { testQuizCalls } from './test-quiz/test-quiz-calls';
import { enqueteCalls } from './enquete/enquete-calls';
import { savedItemCalls } from './saved/saved-item-calls';
import { scheduleCalls } from './schedule/schedule-calls';
import { viewLogCalls } from './view-log/view-log-calls';
import { noticeCalls } from './notice-calls';

export const handler = createHttpHandler([...contentCalls, ...memberVideoCalls, ...catalogCalls, ...contentItemCallImpls, ...eventCallImpls, ...fileCalls, ...zoomCalls, ...commentCalls, ...testQuizCalls, ...enqueteCalls, ...savedItemCalls, ...scheduleCalls, ...viewLogCalls, ...noticeCalls]);
