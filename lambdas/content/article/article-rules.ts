import type { ArticleFields, ArticleView } from '../../../shared/api/calls/articles';
import { AppError } from '../../core/http/app-error';
import { itemRules } from '../items/item-types';

/** SPEC §3 Article: sanitized HTML; a member reads it while the article is visible. */
export const articleRules = itemRules<ArticleFields, ArticleView>({
  type: 'article',
  notFound: 'common/not_found',
  ready: () => true,
  references: () => [],
  async prepare(_teamId, form) {
    // Loaded on the first article save only: sanitize-html and its parser are most of the content Lambda's cold
    // start, which every content call would pay otherwise (bench/lambda-load.ts).
    const { sanitizeArticleHtml } = await import('./sanitize-article');
    const html = sanitizeArticleHtml(form.fields.html);
    // Nothing left once cleaned (e.g. only a script): the body is required.
    if (!html.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(html)) throw new AppError('common/invalid_input', { 'fields.html': 'validation/required' });
    return { html };
  },
  async memberView(item, { state }) {
    return state === 'visible' ? { html: item.fields.html } : undefined;
  },
});
