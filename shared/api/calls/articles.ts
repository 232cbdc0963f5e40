import * as z from 'zod/mini';
import { code, invalidValue } from '../../rules/issues';
import { contentItemCalls } from './content-items';

/** SPEC §3 Article: rich text (HTML from the editor), stored sanitized (lambdas/content/article/sanitize-article.ts). */
export const ARTICLE_HTML_MAX_LENGTH = 200_000;

export interface ArticleFields {
  /** Sanitized HTML: no script, no event handlers, only http(s)/mailto links. */
  html: string;
}

export const articleFieldsSchema = z.object(
  {
    html: z.string(invalidValue).check(
      z.maxLength(ARTICLE_HTML_MAX_LENGTH, code('validation/too_long')),
      z.refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(html), code('validation/required')),
    ),
  },
  invalidValue,
);

/** What a member reads of an article while it is visible. */
export interface ArticleView {
  html: string;
}

export const articleCalls = contentItemCalls<'article', typeof articleFieldsSchema, ArticleFields>('article', articleFieldsSchema);
export const { list: listArticlesCall, get: getArticleCall, create: createArticleCall, update: updateArticleCall, remove: deleteArticleCall, preview: previewArticleCall } = articleCalls;
