import { Badge, Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ContentCard } from '../../../../../shared/api/calls/content-lists';
import type { ViewLogCard } from '../../../../../shared/api/calls/view-log';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { MediaThumbnail } from '../../../components/media-thumbnail';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useViewLog } from '../api';

function ViewLogEntry({ card, href }: { card: ViewLogCard; href: string }) {
  const { t } = useTranslation();
  return (
    <Paper component={Link} to={href} withBorder radius="md" p="sm" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box w={{ base: 112, sm: 160 }} style={{ flexShrink: 0 }}>
          <MediaThumbnail src={card.thumbnailUrl} placeholderLabel={t('viewlog:noThumbnail')} iconSize={24} />
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Badge variant="light" w="fit-content" radius="sm">
            {t(`viewlog:types.${card.type}`)}
          </Badge>
          <Text fw={600} lineClamp={2} c="indigo.9" style={{ overflowWrap: 'anywhere' }}>
            {card.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t('viewlog:viewedAt', { at: formatDateTime(card.viewedAt) })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The member's viewing history, most recent first; each entry opens the item's page (`hrefOf`). */
export function ViewLogList({ hrefOf }: { hrefOf: (card: ContentCard) => string }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useViewLog(pages.cursor);

  if (error && !data) return <LoadError title={t('viewlog:loadError')} error={error} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={120} role="status" aria-label={t('common:loading')} />;
  if (!data.items.length && pages.pageNumber === 1 && !data.nextCursor) return <Text c="dimmed">{t('viewlog:empty')}</Text>;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ol" aria-label={t('viewlog:title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.items.map((card) => (
          <li key={`${card.type}#${card.id}`} data-testid="view-log-entry">
            <ViewLogEntry card={card} href={hrefOf(card)} />
          </li>
        ))}
      </Stack>
      <CursorPager pages={pages} nextCursor={data.nextCursor} />
    </Stack>
  );
}
