import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentReplyInput, memberCommentCreateInput } from '../../../shared/api/calls/comments';
import { newsCreateInput } from '../../../shared/api/calls/news';

/**
 * Fuzz of the news and comment text fields (1,000 generated inputs each, issue 12): the call's input schema either
 * accepts or names the field with a known validation code; it never throws (a throw would be a 500).
 */
const text = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom('', ' ', '\u3000', '\r\n', '=1+1', '<script>alert(1)</script>', 'x'.repeat(6000), '\u0000', '\ud800', '__proto__'),
  fc.anything(),
);
const CODE = /^validation\/[a-z_]+$/;
const RUNS = { numRuns: 1000 };
const ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

function expectCleanParse(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  if (!result.success) for (const issue of result.error!.issues) expect(issue.message).toMatch(CODE);
}

describe('news text fields under generated input', () => {
  const base = { title: 'Title', content: 'Content', groupIds: [] };
  it('the title', () => fc.assert(fc.property(text, (title) => expectCleanParse(newsCreateInput, { ...base, title })), RUNS));
  it('the content', () => fc.assert(fc.property(text, (content) => expectCleanParse(newsCreateInput, { ...base, content })), RUNS));
});

describe('comment text fields under generated input', () => {
  it('a member comment', () => fc.assert(fc.property(text, (body) => expectCleanParse(memberCommentCreateInput, { type: 'video', id: ID, body })), RUNS));
  it('the commented type and id', () =>
    fc.assert(fc.property(text, text, (type, id) => expectCleanParse(memberCommentCreateInput, { type, id, body: 'x' })), RUNS));
  it('a reply', () => fc.assert(fc.property(text, (body) => expectCleanParse(commentReplyInput, { commentId: ID, body })), RUNS));
});
