import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { TaxonomyKind } from '../../../../../shared/api/calls/categories';

/** A category, tag or creator that does not exist (or not in this team): say so and offer the way back. */
export function ListNotFound({ kind, backTo }: { kind: TaxonomyKind; backTo: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="sm">
        <IconMoodEmpty size={40} aria-hidden />
        <Title order={1} size="h3">
          {t(`videolist:notFound.${kind}`)}
        </Title>
        <Text c="dimmed">{t('videolist:notFound.body')}</Text>
        <Button component={Link} to={backTo} variant="default" w="fit-content">
          {t('videolist:notFound.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
