import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import type { AttachedFile } from '../../../shared/api/calls/files';
import { formatBytes } from '../lib/format';
import { useTranslation } from '../lib/i18n';

/** The library files a content attaches, on its member page: a download link while it may be opened, else the name only. */
export function AttachedFiles({ files }: { files: readonly AttachedFile[] }) {
  const { t } = useTranslation();
  if (!files.length) return null;
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {t('common:files.title')}
      </Title>
      <List spacing={4} listStyleType="none">
        {files.map((f) => (
          <List.Item key={f.id}>
            <Group gap={6}>
              {f.url ? (
                <Anchor href={f.url} download={f.name}>
                  <Group gap={4} component="span">
                    <IconDownload size={16} aria-hidden />
                    {f.name}
                  </Group>
                </Anchor>
              ) : (
                <Group gap={4} component="span">
                  <IconLock size={16} aria-label={t('common:files.locked')} />
                  <Text span>{f.name}</Text>
                </Group>
              )}
              <Text span size="sm" c="dimmed">
                {formatBytes(f.sizeBytes)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
