import { Button, Group } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconClock, IconClockFilled } from '@tabler/icons-react';
import type { ContentType } from '../../../../../shared/content-types';
import type { SavedList } from '../../../../../shared/api/calls/saved-items';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { setSaved, useSavedStatus } from '../api';

const buttons: { list: SavedList; on: typeof IconBookmark; off: typeof IconBookmark }[] = [
  { list: 'bookmark', on: IconBookmarkFilled, off: IconBookmark },
  { list: 'watchLater', on: IconClockFilled, off: IconClock },
];

/**
 * "Bookmark" and "Watch later" on a content page: each toggles at once (optimistic) and turns back with a toast
 * when the server refuses.
 */
export function SaveButtons({ type, id }: { type: ContentType; id: string }) {
  const { t } = useTranslation();
  const { data, mutate } = useSavedStatus(type, id);
  const toggle = (list: SavedList) => {
    if (!data) return;
    const saved = !data[list];
    void mutate(
      async () => {
        await setSaved(list, type, id, saved);
        return { ...data, [list]: saved };
      },
      { optimisticData: { ...data, [list]: saved }, rollbackOnError: true, revalidate: false },
    ).catch(() => toast.error(t(saved ? 'saved:errors.addFailed' : 'saved:errors.removeFailed')));
  };
  return (
    <Group gap="xs">
      {buttons.map(({ list, on: On, off: Off }) => {
        const pressed = !!data?.[list];
        const Icon = pressed ? On : Off;
        return (
          <Button
            key={list}
            size="xs"
            variant={pressed ? 'light' : 'default'}
            aria-pressed={pressed}
            disabled={!data}
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => toggle(list)}
          >
            {t(`saved:buttons.${list}`)}
          </Button>
        );
      })}
    </Group>
  );
}
