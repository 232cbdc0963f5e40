import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatMessageBodySchema, isBlankMessage } from '../../shared/rules/chat';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/constants';
import { characterCount } from '../../shared/rules/text';

describe('chat message text (the send calls\' body schema and the blank rule)', () => {
  it('1,000 generated texts: accepted exactly when within the limit; blank ones are then refused as message required', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u3000', '\u00a0'), maxLength: 10 }),
      // Around the limit, in characters a person counts once (an emoji is two UTF-16 units).
      fc
        .tuple(fc.integer({ min: CHAT_MESSAGE_MAX_LENGTH - 2, max: CHAT_MESSAGE_MAX_LENGTH + 2 }), fc.constantFrom('a', 'あ', '😀', ' '))
        .map(([n, c]) => c.repeat(n)),
      fc.anything(),
    );
    fc.assert(
      fc.property(text, (body) => {
        const parsed = chatMessageBodySchema.safeParse(body);
        if (typeof body !== 'string') {
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues.map((i) => i.message)).toEqual(['validation/required']);
          return;
        }
        expect(parsed.success).toBe(characterCount(body) <= CHAT_MESSAGE_MAX_LENGTH);
        if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual(['validation/message_too_long']);
        expect(isBlankMessage(body)).toBe(body.trim() === '');
      }),
      { numRuns: 1000 },
    );
  }, 30_000);
});
