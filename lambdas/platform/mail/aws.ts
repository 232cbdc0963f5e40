import { sesHealth } from './ses';
import type { MailAdapter } from './types';

/** In AWS, delivery events arrive from SES through the configuration set's EventBridge destination. */
export const awsMail: MailAdapter = {
  afterSend: async () => {},
  health: sesHealth,
};
