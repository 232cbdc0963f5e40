import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ActionIcon, Badge, Button, Group, Input, Paper, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { PLAYLIST_MAX_VIDEOS } from '../../../../../shared/api/calls/playlists';
import type { VideoRow } from '../../../../../shared/api/calls/videos';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useVideoSummaries, useVideoPicks } from '../api';
import type { FieldsEditorProps } from '../content-types';
import type { PlaylistFormFields } from './playlist';

/** What a row shows of a video: from the pick's list row, or read once for a saved playlist's videos. */
export type PickedVideo = Pick<VideoRow, 'videoId' | 'title' | 'durationSeconds' | 'status' | 'currentVersion'> & { missing?: false };
type RowVideo = PickedVideo | { videoId: string; missing: true };

const PICKS = 10;
const listStyle: CSSProperties = { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8 };

/**
 * SPEC §3 playlist videos: the operator finds the team's videos by title and adds them, then puts them in order by
 * dragging (pointer or keyboard: Space on a handle, arrows, Space) or with the move up / move down buttons, which
 * a screen reader reaches like any button. Each change is announced. The server checks the videos exist in the team.
 */
export default function PlaylistEditor({ form, error }: FieldsEditorProps<PlaylistFormFields>) {
  const { t } = useTranslation();
  const ids = form.values.fields.videoIds;
  const [picked, setPicked] = useState<Record<string, RowVideo>>({});
  const saved = useVideoSummaries(ids.filter((id) => !picked[id]));
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();
  const buttons = useRef(new Map<string, { up: HTMLButtonElement | null; down: HTMLButtonElement | null }>());
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' }>(undefined);

  // Saved videos read once join the picks, so a later change of the list does not read them again.
  useEffect(() => {
    const loaded = saved.data;
    if (loaded?.length) setPicked((p) => ({ ...Object.fromEntries(loaded.map((v) => [v.videoId, v])), ...p }));
  }, [saved.data]);

  const videoOf = (id: string): RowVideo | undefined => picked[id];
  const titleOf = (id: UniqueIdentifier) => {
    const v = videoOf(String(id));
    return v && !v.missing ? v.title : t('playlists:admin.missing');
  };

  const change = (next: string[]) => {
    form.setFieldValue('fields.videoIds', next);
    // Errors name positions (`fields.videoIds.2`): after any change they no longer point at the right row.
    form.setErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('fields.videoIds'))));
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length) return;
    const id = ids[from]!;
    change(arrayMove(ids, from, to));
    focusAfterMove.current = { id, direction: to < from ? 'up' : 'down' };
    setAnnouncement(t('playlists:admin.moved', { title: titleOf(id), position: to + 1, count: ids.length }));
  };

  // A moved row's button keeps the focus (React may have moved its element, which drops the focus); at either end
  // the other direction's button takes it, as the pressed one is then disabled.
  useLayoutEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = undefined;
    const row = buttons.current.get(pending.id);
    const target = row?.[pending.direction];
    const other = row?.[pending.direction === 'up' ? 'down' : 'up'];
    (target && !target.disabled ? target : other)?.focus();
  }, [ids]);

  const add = (video: PickedVideo) => {
    setPicked((p) => ({ ...p, [video.videoId]: video }));
    change([...ids, video.videoId]);
    setAnnouncement(t('playlists:admin.addedAt', { title: video.title, position: ids.length + 1 }));
  };

  const remove = (index: number) => {
    const id = ids[index]!;
    change(ids.filter((_, i) => i !== index));
    setAnnouncement(t('playlists:admin.removed', { title: titleOf(id) }));
  };

  const sensors = useSensors(
    // A small distance first, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(String(id))) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('playlists:admin.dnd.pickedUp', { title: titleOf(active.id), position: positionOf(active.id), count: ids.length }),
    onDragOver: ({ active, over }) => (over ? t('playlists:admin.dnd.over', { title: titleOf(active.id), position: positionOf(over.id), count: ids.length }) : undefined),
    onDragEnd: ({ active, over }) =>
      t('playlists:admin.dnd.dropped', { title: titleOf(active.id), position: positionOf(over?.id ?? active.id), count: ids.length }),
    onDragCancel: ({ active }) => t('playlists:admin.dnd.cancelled', { title: titleOf(active.id), position: positionOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    change(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const listError = error('videoIds');
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {t('playlists:admin.videos')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('playlists:admin.videosHint')}
          </Text>
        </Stack>
        <VideoPicker inPlaylist={ids} full={ids.length >= PLAYLIST_MAX_VIDEOS} onAdd={add} />
        {ids.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('playlists:admin.empty')}
          </Text>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('playlists:admin.dnd.instructions') } }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <ol style={listStyle} aria-labelledby={headingId}>
                {ids.map((id, index) => (
                  <SortableVideo
                    key={id}
                    id={id}
                    index={index}
                    count={ids.length}
                    video={videoOf(id)}
                    loadFailed={!!saved.error && !picked[id]}
                    error={error(`videoIds.${index}`)}
                    onMove={(to) => move(index, to)}
                    onRemove={() => remove(index)}
                    buttonRefs={(refs) => {
                      if (refs) buttons.current.set(id, refs);
                      else buttons.current.delete(id);
                    }}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        {listError && <Input.Error role="alert">{listError}</Input.Error>}
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

interface SortableVideoProps {
  id: string;
  index: number;
  count: number;
  video: RowVideo | undefined;
  loadFailed: boolean;
  error: string | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
  buttonRefs: (refs: { up: HTMLButtonElement | null; down: HTMLButtonElement | null } | null) => void;
}

function SortableVideo({ id, index, count, video, loadFailed, error, onMove, onRemove, buttonRefs }: SortableVideoProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRefs({ up: up.current, down: down.current });
    return () => buttonRefs(null);
    // Registered once per row: the elements live as long as the row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const title = video ? (video.missing ? t('playlists:admin.missing') : video.title) : '';
  const style: CSSProperties = {
    // Translate only: a scaled row would squeeze its text while it passes a taller one.
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
  };
  return (
    <li ref={setNodeRef} style={style} data-testid="playlist-video">
      <Paper withBorder radius="sm" p="xs" shadow={isDragging ? 'md' : undefined} bg={error ? 'red.0' : undefined}>
        <Group gap="xs" wrap="nowrap" align="center">
          <ActionIcon
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            variant="subtle"
            color="gray"
            aria-label={t('playlists:admin.drag', { title })}
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Text fw={600} w={28} ta="right" aria-hidden>
            {index + 1}.
          </Text>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            {video ? (
              <Text fw={500} truncate c={video.missing ? 'red' : undefined}>
                {title}
              </Text>
            ) : loadFailed ? (
              <Text c="red" size="sm">
                {t('playlists:admin.loadFailed')}
              </Text>
            ) : (
              <Skeleton h={14} w="60%" role="status" aria-label={t('common:loading')} />
            )}
            {video && !video.missing && <VideoFacts video={video} />}
            {error && (
              <Input.Error role="alert" size="xs">
                {error}
              </Input.Error>
            )}
          </Stack>
          <ActionIcon ref={up} variant="default" disabled={index === 0} aria-label={t('playlists:admin.moveUp', { title })} onClick={() => onMove(index - 1)}>
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            ref={down}
            variant="default"
            disabled={index === count - 1}
            aria-label={t('playlists:admin.moveDown', { title })}
            onClick={() => onMove(index + 1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('playlists:admin.remove', { title })} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Paper>
    </li>
  );
}

/** Length, and what keeps members from it: not published, or no playable version yet. */
function VideoFacts({ video }: { video: PickedVideo }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {video.durationSeconds !== undefined && (
        <Text size="xs" c="dimmed">
          {formatClock(video.durationSeconds)}
        </Text>
      )}
      {video.status !== 'public' && (
        <Badge size="xs" variant="outline" color="gray">
          {t(`contentfields:status.${video.status}`)}
        </Badge>
      )}
      {video.currentVersion === undefined && (
        <Badge size="xs" variant="light" color="yellow">
          {t('playlists:admin.notPlayable')}
        </Badge>
      )}
    </Group>
  );
}

/** The team's videos by title (the newest while nothing is typed), each with its add button. */
function VideoPicker({ inPlaylist, full, onAdd }: { inPlaylist: string[]; full: boolean; onAdd: (video: PickedVideo) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const { data, error, isLoading } = useVideoPicks(query, PICKS);
  const chosen = useMemo(() => new Set(inPlaylist), [inPlaylist]);
  const resultsId = useId();
  return (
    <Stack gap="xs">
      <TextInput
        label={t('playlists:admin.search')}
        description={t('playlists:admin.searchHint')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        // Enter here searches (it already does as one types); it must not save the whole form.
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        leftSection={<IconSearch size={16} aria-hidden />}
        aria-controls={resultsId}
      />
      {full && (
        <Text size="sm" c="red.9">
          {t('playlists:admin.full', { max: PLAYLIST_MAX_VIDEOS })}
        </Text>
      )}
      <Paper withBorder radius="sm" p="xs" bg="gray.0" id={resultsId} aria-busy={isLoading}>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {t('playlists:admin.searchFailed')}
          </Text>
        ) : !data ? (
          <Stack gap={6}>
            <Skeleton h={14} w="70%" />
            <Skeleton h={14} w="50%" />
          </Stack>
        ) : data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {query ? t('playlists:admin.noMatch') : t('playlists:admin.noVideos')}
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {query ? t('playlists:admin.matches') : t('playlists:admin.newest')}
            </Text>
            <ul style={{ ...listStyle, gap: 4 }} aria-label={t('playlists:admin.results')}>
              {data.items.map((v) => {
                const added = chosen.has(v.videoId);
                return (
                  <li key={v.videoId}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" truncate>
                          {v.title}
                        </Text>
                        <VideoFacts video={v} />
                      </Stack>
                      <Button
                        size="compact-sm"
                        variant={added ? 'subtle' : 'light'}
                        leftSection={added ? undefined : <IconPlus size={14} aria-hidden />}
                        disabled={added || full}
                        aria-label={added ? t('playlists:admin.alreadyAdded', { title: v.title }) : t('playlists:admin.addNamed', { title: v.title })}
                        onClick={() => onAdd(v)}
                      >
                        {added ? t('playlists:admin.added') : t('playlists:admin.add')}
                      </Button>
                    </Group>
                  </li>
                );
              })}
            </ul>
            {data.nextCursor && (
              <Text size="xs" c="dimmed">
                {t('playlists:admin.more', { count: PICKS })}
              </Text>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
