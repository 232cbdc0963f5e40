import { Typography } from '@mantine/core';
import type { ArticleView as ArticleAnswer } from '../../../../../shared/api/calls/articles';
import type { TypeViewProps } from './view-registry';

/**
 * SPEC §3 article body. The HTML was sanitized by the server on save (no script, event handler or javascript:
 * link can be stored), so it is rendered as it is; outside `visible` there is no body to render.
 */
export default function ArticleView({ answer }: TypeViewProps) {
  const view = answer.view as ArticleAnswer | undefined;
  if (answer.state !== 'visible' || !view) return null;
  return (
    <Typography>
      <article data-testid="article-body" dangerouslySetInnerHTML={{ __html: view.html }} />
    </Typography>
  );
}
