import { lazy } from 'react';
import { articleCalls } from '../../../../../shared/api/calls/articles';
import type { ContentItemCalls } from '../../../../../shared/api/calls/content-items';
import { contentTypeUi, type ContentTypeUi } from '../content-types';

export interface ArticleFormFields {
  html: string;
}

/** SPEC §2 /admin/article: a rich text body. */
export const articleUi: ContentTypeUi = contentTypeUi<ArticleFormFields>({
  type: 'article',
  calls: articleCalls as unknown as ContentItemCalls,
  path: 'article',
  namespace: 'contents',
  emptyFields: () => ({ html: '' }),
  fieldsToForm: (fields) => ({ html: (fields as ArticleFormFields).html }),
  formToFields: (values) => ({ html: values.html }),
  Editor: lazy(() => import('./article-editor')),
});
