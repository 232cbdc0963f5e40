import type { CallDef } from './define';
import * as auth from './calls/auth';
import * as customFields from './calls/custom-fields';
import * as invites from './calls/invites';
import * as teams from './calls/teams';
import * as settings from './calls/settings';
import * as siteDesign from './calls/site-design';
import * as basicInfo from './calls/basic-info';
import * as appSettings from './calls/app-settings';
import * as federation from './calls/federation';
import * as members from './calls/members';
import * as groups from './calls/groups';
import * as managers from './calls/managers';
import * as administrators from './calls/administrators';
import * as profile from './calls/profile';
import * as categories from './calls/categories';
import * as uploads from './calls/uploads';
import * as videos from './calls/videos';
import * as memberVideos from './calls/member-videos';
import * as catalog from './calls/catalog';
import * as contentLists from './calls/content-lists';
import * as payments from './calls/payments';
import * as contentItems from './calls/content-items';
import * as articles from './calls/articles';
import * as pdfs from './calls/pdfs';
import * as events from './calls/events';
import * as playlists from './calls/playlists';
import * as files from './calls/files';
import * as lives from './calls/lives';
import * as zoom from './calls/zoom';
import * as news from './calls/news';
import * as memberImport from './calls/member-import';
import * as comments from './calls/comments';
import * as testQuizzes from './calls/test-quizzes';
import * as enquete from './calls/enquete';
import * as chat from './calls/chat';
import * as savedItems from './calls/saved-items';
import * as schedule from './calls/schedule';
import * as viewLog from './calls/view-log';
import * as notices from './calls/notices';
import * as memberNotices from './calls/member-notices';
import * as sendEmail from './calls/send-email';
import * as mailTemplates from './calls/mail-templates';
import * as workflows from './calls/workflows';
import * as plans from './calls/plans';
import * as analytics from './calls/analytics';

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'domain' in v && 'permission' in v && 'input' in v;

/** Every call of the product, declared once; the router, the web client and the CDK routes read this. */
export const allCalls: CallDef[] = [auth, teams, settings, siteDesign, basicInfo, appSettings, federation, invites, customFields, members, groups, managers, administrators, profile, categories, videos, uploads, memberVideos, catalog, contentLists, payments, contentItems, articles, pdfs, events, playlists, files, lives, zoom, news, comments, testQuizzes, enquete, chat, savedItems, schedule, viewLog, notices, memberNotices, sendEmail, mailTemplates, workflows, memberImport, analytics, plans].flatMap((m) => Object.values(m).filter(isCall));

export const callsByPath: ReadonlyMap<string, CallDef> = new Map(allCalls.map((c) => [c.path, c]));
