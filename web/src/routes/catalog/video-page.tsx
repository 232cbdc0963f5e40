import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation, useParams } from 'react-router';
import { useCatalogVideo } from '../../features/member-videos/catalog-api';
import { WatchView } from '../../features/player/components/watch-view';
import { catalogToMemberPath } from '../../lib/catalog-path';

/**
 * SPEC §2 /catalog/:teamId/video/:videoId: a public video for visitors, with the member player but no
 * resume or view records (a visitor has no member record). Only public videos answer; anything else is
 * the not-found state.
 */
function CatalogVideoPage() {
  const { t } = useTranslation();
  const { teamId = '', videoId = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const { data, error, isLoading, mutate } = useCatalogVideo(teamId, videoId);
  const base = `/catalog/${encodeURIComponent(teamId)}`;
  const memberPath = catalogToMemberPath(pathname + search + hash);
  // The server names the next video only when the catalog shows it too.
  const nextVideoId = data?.video.completionAction === 'nextVideo' ? data.video.nextVideoId : undefined;

  return (
    <WatchView
      answer={data}
      error={error}
      isLoading={isLoading}
      onRetry={() => void mutate()}
      back={
        <Button component={Link} to={base} variant="default" w="fit-content">
          {t('catalog:video.backToTop')}
        </Button>
      }
      actions={
        memberPath && (
          <Group gap={6}>
            <IconLogin2 size={16} aria-hidden />
            <Anchor component={Link} to={memberPath} size="sm">
              {t('catalog:video.watchAsMember')}
            </Anchor>
          </Group>
        )
      }
      nextVideoPath={nextVideoId ? `${base}/video/${encodeURIComponent(nextVideoId)}` : undefined}
      unpurchased={
        <Paper withBorder p="lg" radius="md" maw={720}>
          <Stack gap="sm">
            <Title order={1} size="h3">
              {t('purchases:catalog.title')}
            </Title>
            <Text c="dimmed">{t('purchases:catalog.body')}</Text>
            {memberPath && (
              <Button component={Link} to={memberPath} leftSection={<IconLogin2 size={16} aria-hidden />} w="fit-content">
                {t('purchases:catalog.login')}
              </Button>
            )}
          </Stack>
        </Paper>
      }
    />
  );
}

export { CatalogVideoPage as Component };
