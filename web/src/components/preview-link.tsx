import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { catalogPreviewPath } from '../lib/catalog-preview';
import { useTranslation } from '../lib/i18n';

/**
 * An editor's way to SPEC §2 catalog preview mode: the item's page in a new tab, as a member who may open it sees
 * it, before it is published. `path` is the catalog page after the team (`video/:id`, `pdf/:id`…).
 */
export function PreviewLink({ path }: { path: string }) {
  const { t } = useTranslation();
  const href = catalogPreviewPath(path);
  if (!href) return null;
  return (
    <Button component="a" href={href} target="_blank" rel="noopener" variant="default" size="xs" leftSection={<IconEye size={16} aria-hidden />} w="fit-content">
      {t('contentfields:preview.open')}
    </Button>
  );
}
