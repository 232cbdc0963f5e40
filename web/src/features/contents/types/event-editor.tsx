import { ActionIcon, Badge, Group, Input, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import type { ContentItemCalls } from '../../../../../shared/api/calls/content-items';
import { eventFormats } from '../../../../../shared/api/calls/events';
import { liveCalls } from '../../../../../shared/api/calls/lives';
import { pdfCalls } from '../../../../../shared/api/calls/pdfs';
import { eventContentTypes, type EventContentType } from '../../../../../shared/rules/event';
import { useContentItem, useContentList, useVideoSummaries, useVideoPicks } from '../api';
import { useTranslation } from '../../../lib/i18n';
import type { FieldsEditorProps } from '../content-types';
import type { EventFormContent, EventFormFields } from './event';
import { FormSection } from '../../../components/admin-page/form-section';
import { SuggestedDateInput } from '../../../components/suggested-date-input';

/** How many matches a search offers (the list calls' first page). */
const PICKS = 20;

const itemCallsOf: Record<Exclude<EventContentType, 'video'>, ContentItemCalls> = {
  live: liveCalls as unknown as ContentItemCalls,
  pdf: pdfCalls as unknown as ContentItemCalls,
};

type Form = FieldsEditorProps<EventFormFields>['form'];

/**
 * SPEC §3 event fields: the format (application, the one format today), the application and hold periods (SPEC §5
 * order rules checked by the same schema as the server, each issue on the date to move) and the contents, picked
 * from the team's videos, lives and PDFs by title and kept in the operator's order.
 */
export default function EventEditor({ form, error }: FieldsEditorProps<EventFormFields>) {
  const { t } = useTranslation();
  const dateInput = (field: 'applicationStart' | 'applicationEnd' | 'holdStart' | 'holdEnd') => (
    <SuggestedDateInput
      {...form.getInputProps(`fields.${field}`)}
      kind="datetime"
      label={t(`events:form.${field}`)}
      error={error(field)}
      withAsterisk
    />
  );
  return (
    <FormSection title={t('events:form.title')}>
      <Select
        label={t('events:form.format')}
        description={t('events:form.formatHint')}
        data={eventFormats.map((f) => ({ value: f, label: t(`events:form.formats.${f}`) }))}
        value={form.values.fields.format}
        onChange={(v) => v && form.setFieldValue('fields.format', v as EventFormFields['format'])}
        allowDeselect={false}
        error={error('format')}
        maw={320}
      />
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('events:form.applicationPeriod')}
        </Title>
        <Group grow align="flex-start">
          {dateInput('applicationStart')}
          {dateInput('applicationEnd')}
        </Group>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('events:form.holdPeriod')}
        </Title>
        <Group grow align="flex-start">
          {dateInput('holdStart')}
          {dateInput('holdEnd')}
        </Group>
      </Stack>
      <ContentsField form={form} error={error} />
    </FormSection>
  );
}

function ContentsField({ form, error }: FieldsEditorProps<EventFormFields>) {
  const { t } = useTranslation();
  const contents = form.values.fields.contents;
  const listError = error('contents');
  // The saved event holds types and ids only: its videos' titles are read once (picked rows come with theirs).
  const [storedVideoIds] = useState(() => contents.flatMap((c) => (c.type === 'video' && !c.title ? [c.id] : [])));
  const storedVideos = useVideoSummaries(storedVideoIds);
  const videoTitle = (id: string) => {
    const found = storedVideos.data?.find((v) => v.videoId === id);
    return found && !found.missing ? found.title : storedVideos.error || found ? id : undefined;
  };
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h5">
          {t('events:form.contents')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('events:form.contentsHint')}
        </Text>
      </div>
      {contents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('events:form.noContents')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('events:form.contents')}>
          {contents.map((c, i) => (
            <ContentRow
              key={`${c.type}:${c.id}`}
              form={form}
              content={c.title || c.type !== 'video' ? c : { ...c, title: videoTitle(c.id) }}
              index={i}
              count={contents.length}
              error={error(`contents.${i}.id`) ?? error(`contents.${i}`)}
            />
          ))}
        </Stack>
      )}
      {listError && <Input.Error role="alert">{listError}</Input.Error>}
      <AddContent
        taken={contents}
        onAdd={(c) => {
          form.insertListItem('fields.contents', c);
          form.clearFieldError('fields.contents');
        }}
      />
    </Stack>
  );
}

function ContentRow({ form, content, index, count, error }: { form: Form; content: EventFormContent; index: number; count: number; error?: string }) {
  const { t } = useTranslation();
  const title = content.title ?? <StoredTitle content={content} />;
  // The buttons' names need text: a stored row's title may still be loading, its type and place name it meanwhile.
  const name = content.title ?? `${t(`events:types.${content.type}`)} ${t('events:form.position', { n: index + 1 })}`;
  const move = (to: number) => form.reorderListItem('fields.contents', { from: index, to });
  return (
    <Paper component="li" withBorder radius="sm" p="xs" style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" w={24} ta="right">
          {index + 1}
        </Text>
        <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
          {t(`events:types.${content.type}`)}
        </Badge>
        <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => move(index - 1)} aria-label={t('events:form.moveUp', { title: name })}>
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" disabled={index === count - 1} onClick={() => move(index + 1)} aria-label={t('events:form.moveDown', { title: name })}>
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" onClick={() => form.removeListItem('fields.contents', index)} aria-label={t('events:form.remove', { title: name })}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {error && (
        <Input.Error role="alert" mt={4}>
          {error}
        </Input.Error>
      )}
    </Paper>
  );
}

/** The title of a live or PDF the saved event holds (the event stores its type and id only). */
function StoredTitle({ content }: { content: EventFormContent }) {
  const { t } = useTranslation();
  return content.type === 'video' ? <>{t('events:form.loadingTitle')}</> : <ItemTitle calls={itemCallsOf[content.type]} id={content.id} />;
}

function ItemTitle({ calls, id }: { calls: ContentItemCalls; id: string }) {
  const { t } = useTranslation();
  const { data, error } = useContentItem(calls, id);
  return <>{data?.title ?? (error ? id : t('events:form.loadingTitle'))}</>;
}

interface Choice {
  id: string;
  title: string;
}

interface SearchProps {
  query: string;
  children: (picks: Choice[] | undefined, failed: boolean) => ReactNode;
}

function VideoSearch({ query, children }: SearchProps) {
  const { data, error } = useVideoPicks(query, PICKS);
  return <>{children(data?.items.map((v) => ({ id: v.videoId, title: v.title })), !!error)}</>;
}

function ItemSearch({ calls, query, children }: SearchProps & { calls: ContentItemCalls }) {
  const { data, error } = useContentList(calls, { query, sort: 'newest', direction: 'desc' });
  return <>{children(data?.items.map((i) => ({ id: i.id, title: i.title })), !!error)}</>;
}

/** Picks the type, then one of its contents by title (the list call's title search); what is already held is not offered. */
function AddContent({ taken, onAdd }: { taken: readonly EventFormContent[]; onAdd: (c: EventFormContent) => void }) {
  const { t } = useTranslation();
  const typeLabelId = useId();
  const [type, setType] = useState<EventContentType>('video');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const select = (picks: Choice[] | undefined, failed: boolean) => {
    const offered = (picks ?? []).filter((p) => !taken.some((c) => c.type === type && c.id === p.id));
    return (
      <Select
        label={t('events:form.search')}
        placeholder={t('events:form.searchPlaceholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already (prefixes of words, kana folded): offer what it found as it is.
        filter={({ options }) => options}
        data={offered.map((p) => ({ value: p.id, label: p.title }))}
        value={null}
        onChange={(id) => {
          const picked = offered.find((p) => p.id === id);
          if (!picked) return;
          onAdd({ type, id: picked.id, title: picked.title });
          setSearch('');
        }}
        nothingFoundMessage={picks ? t('events:form.searchEmpty') : t('events:form.loadingTitle')}
        error={failed ? t('events:form.searchFailed') : undefined}
        style={{ flex: 1, minWidth: 220 }}
      />
    );
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={typeLabelId}>
          {t('events:form.addType')}
        </Text>
        <SegmentedControl
          aria-labelledby={typeLabelId}
          value={type}
          onChange={(v) => {
            setType(v as EventContentType);
            setSearch('');
          }}
          data={eventContentTypes.map((c) => ({ value: c, label: t(`events:types.${c}`) }))}
        />
      </Stack>
      {type === 'video' ? (
        <VideoSearch query={query}>{select}</VideoSearch>
      ) : (
        <ItemSearch key={type} calls={itemCallsOf[type]} query={query}>
          {select}
        </ItemSearch>
      )}
    </Group>
  );
}
