import { Logger } from '@aws-lambda-powertools/logger';
import { sendMail as sendThroughPort, type MailMessage } from '../../platform/mail/index';
import { recordSent } from '../entities/mail-log';

const logger = new Logger({ serviceName: 'mail' });

/**
 * How domains send mail: through the mail port, filing a team's message in its mail log before any delivery
 * event can arrive for it.
 */
export function sendMail(message: MailMessage): Promise<{ messageId: string }> {
  const { teamId } = message;
  return sendThroughPort(
    message,
    teamId
      ? async (sent) => {
          try {
            await recordSent({ teamId, ...sent });
          } catch (e) {
            // The message is out; failing the send now would only invite a duplicate.
            logger.error('Could not record a sent mail', { teamId, messageId: sent.messageId, error: e as Error });
          }
        }
      : undefined,
  );
}
