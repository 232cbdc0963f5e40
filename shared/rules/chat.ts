import * as z from 'zod/mini';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants';
import { code, type ValidationCode } from './issues';
import { maxLengthRule } from './text';

/** SPEC §8 "message required": nothing but white space is no message. */
export const isBlankMessage = (body: string): boolean => body.trim() === '';

const tooLong = maxLengthRule(CHAT_MESSAGE_MAX_LENGTH, 'validation/message_too_long');

/** A chat message as the form checks it before sending: required, at most CHAT_MESSAGE_MAX_LENGTH characters. */
export const checkChatMessage = (body: string): ValidationCode | undefined => (isBlankMessage(body) ? 'validation/required' : tooLong(body));

/**
 * A message's text in the send calls: at most CHAT_MESSAGE_MAX_LENGTH characters. A blank one is refused by the
 * service with SPEC §8's own `chat/message_required` (naming `body`), not as a generic invalid input.
 */
export const chatMessageBodySchema = z
  .string({ error: code('validation/required') })
  .check(z.refine((body) => !tooLong(body), code('validation/message_too_long')));
