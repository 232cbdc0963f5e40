export interface MailMessage {
  /** One recipient per message, so each has its own delivery status in the mail log. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** When given, the message is recorded in that team's mail log and its delivery events update it. */
  teamId?: string;
  /** SES message tags (ASCII letters, digits, `_` and `-`), carried back on delivery events. */
  tags?: Record<string, string>;
  /** Shown as the sender's name; the address is always the platform's verified sender. */
  fromName?: string;
  replyTo?: string;
}

/** What an adapter learns about a message SES has accepted. */
export interface SentMail {
  messageId: string;
  to: string;
  subject: string;
  tags: Record<string, string>;
  sentAt: string;
}

export interface MailAdapter {
  /** Runs after SES accepted a message and the mail log has it. */
  afterSend(sent: SentMail): Promise<void>;
  /** Throws unless mail can be sent. */
  health(): Promise<void>;
}
