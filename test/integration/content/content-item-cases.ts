import { expect } from 'vitest';
import { articleCalls } from '../../../shared/api/calls/articles';
import type { ContentItemCalls, ContentItemType, MemberContentAnswer } from '../../../shared/api/calls/content-items';
import type { ErrorCode } from '../../../shared/errors';
import type { Caller } from './people';

/**
 * One row per content item type for content-items.test.ts: its calls, a valid `fields` (made in the caller's
 * team), invalid ones with the field each names, the state a member sees on a public item, and what its member
 * view must hold.
 */
export interface ContentItemTypeCase {
  type: ContentItemType;
  calls: ContentItemCalls;
  notFound: ErrorCode;
  /** A valid form's type-specific part (at least `fields`), built in `who`'s team. */
  validForm: (who: Caller) => Promise<Record<string, unknown>>;
  invalidForms: { name: string; form: (who: Caller) => Promise<Record<string, unknown>>; fields: Record<string, string> }[];
  /** The state a member gets on a public item made from `validForm`. */
  openState: MemberContentAnswer['state'];
  checkMemberView?: (answer: MemberContentAnswer, ctx: { who: Caller; id: string }) => Promise<void>;
}

export const contentItemTypeCases: ContentItemTypeCase[] = [
  {
    type: 'article',
    calls: articleCalls as unknown as ContentItemCalls,
    notFound: 'common/not_found',
    validForm: async () => ({ fields: { html: '<h2>Welcome</h2><p>Read <a href="https://example.com" onclick="steal()">this</a>.</p><script>alert(1)</script>' } }),
    invalidForms: [
      { name: 'empty body', form: async () => ({ fields: { html: '<p> </p>' } }), fields: { 'fields.html': 'validation/required' } },
      { name: 'only a script', form: async () => ({ fields: { html: '<script>alert(1)</script>' } }), fields: { 'fields.html': 'validation/required' } },
      { name: 'no fields', form: async () => ({ fields: undefined }), fields: { 'fields': 'validation/invalid_value' } },
    ],
    openState: 'visible',
    checkMemberView: async (answer) => {
      const html = (answer.view as { html: string }).html;
      expect(html).toContain('<h2>Welcome</h2>');
      expect(html).toContain('href="https://example.com"');
      expect(html).not.toMatch(/script|onclick|alert/);
    },
  },
];
