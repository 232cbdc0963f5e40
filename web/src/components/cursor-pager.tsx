import { Button, Group, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from '../lib/i18n';

/**
 * Cursor paging over `Page<T>` answers: the cursors of the pages seen so far, so "previous" is one step back
 * and "first" starts again. `cursor` is what the list call takes for the page on screen.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    pageNumber: cursors.length,
    next: useCallback((nextCursor: string) => setCursors((c) => [...c, nextCursor]), []),
    previous: useCallback(() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)), []),
    restart: useCallback(() => setCursors([undefined]), []),
  };
}

/** Previous / page number / next under an admin list; hidden when there is only one page. */
export function CursorPager({ pages, nextCursor }: { pages: ReturnType<typeof useCursorPages>; nextCursor?: string }) {
  const { t } = useTranslation();
  if (pages.pageNumber === 1 && !nextCursor) return null;
  return (
    <Group justify="space-between">
      <Button variant="default" disabled={pages.pageNumber <= 1} onClick={pages.previous}>
        {t('common:pager.previous')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('common:pager.page', { page: pages.pageNumber })}
      </Text>
      <Button variant="default" disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        {t('common:pager.next')}
      </Button>
    </Group>
  );
}
