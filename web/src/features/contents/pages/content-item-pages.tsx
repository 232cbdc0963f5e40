import { Anchor, Badge, Group, Skeleton, Stack, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { contentItemSorts, type ContentItem, type ContentItemRow, type ContentItemSort, type ContentItemType } from '../../../../../shared/api/calls/content-items';
import { AdminListHeader, AdminListSearch, useListSearch } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { PreviewLink } from '../../../components/preview-link';
import { useRowDelete } from '../../../components/row-delete';
import { createContentItem, deleteContentItem, isContentListKey, updateContentItem, useContentItem, useContentList } from '../api';
import { ContentForm, useContentForm } from '../components/content-form';
import type { ContentTypeUi } from '../content-types';
import { emptyContentForm, formToInput, itemToForm } from '../form-values';
import { uiOf } from '../type-registry';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/**
 * SPEC §2 /admin/<pdf|article|playlist|live|event>: ONE list page, ONE create page and ONE edit page for every
 * content type but the video, told their type (its calls, strings and fields editor: features/contents/types).
 */
function ListPage({ ui }: { ui: ContentTypeUi }) {
  const { t } = useTranslation();
  const k = (key: string) => `contents:types.${ui.type}.${key}`;
  const { mutate: mutateAll } = useSWRConfig();
  const pages = useCursorPages();
  const [search, changeSearch] = useListSearch<ContentItemSort>('newest', pages.restart);
  const { data, error, mutate } = useContentList(ui.calls, { ...search, cursor: pages.cursor });
  const rowDelete = useRowDelete<ContentItemRow>({
    ns: 'contents',
    name: (r) => r.title,
    body: t('contents:delete.body'),
    remove: (r) => deleteContentItem(ui.calls, r.id),
    onDeleted: () => mutateAll(isContentListKey(ui.calls)),
  });

  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t(k('list'))} createLabel={t(k('create'))} createTo={`/admin/${ui.path}/${createPath(ui.type)}`} />
      <AdminListSearch
        ns="contents"
        sorts={contentItemSorts}
        value={search}
        onChange={changeSearch}
        // The newest first is the one order of `newest`; a search is in title order.
        directionDisabled={!!search.query || search.sort === 'newest'}
      />
      <AdminListTable
        rows={data?.items}
        rowKey={(r) => r.id}
        error={error}
        loadErrorTitle={t('contents:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={search.query ? t('contents:list.noMatch') : t(k('empty'))}
        columns={[
          {
            key: 'title',
            header: t('contents:fields.title'),
            cell: (r) => (
              <Anchor component={Link} to={editPath(ui, r.id)} fw={500}>
                {r.title}
              </Anchor>
            ),
          },
          { key: 'state', header: t('contents:list.state'), cell: (r) => <StatusBadges row={r} /> },
          ...(ui.summaryLabel ? [{ key: 'summary', header: t(k('summary')), cell: (r: ContentItemRow) => (r.summary ? ui.summaryLabel!(r.summary, t) : '—') }] : []),
          { key: 'created', header: t('contents:list.created'), cell: (r) => formatDate(r.createdAt) },
          { key: 'updated', header: t('contents:list.updated'), cell: (r) => formatDate(r.updatedAt) },
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

function StatusBadges({ row }: { row: ContentItemRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge variant="light" color={row.status === 'private' ? 'gray' : 'teal'}>
        {t(`contentfields:status.${row.status}`)}
      </Badge>
      {row.isPublic && <Badge variant="outline">{t('contents:list.inCatalog')}</Badge>}
      {row.isListHidden && (
        <Badge variant="outline" color="gray">
          {t('contentfields:fields.isListHidden')}
        </Badge>
      )}
    </Group>
  );
}

/** SPEC §2 names the event's pages event_create and event_edit; every other type create and :id/edit. */
const createPath = (type: ContentItemType) => (type === 'event' ? 'event_create' : 'create');
const editPath = (ui: ContentTypeUi, id: string) => (ui.type === 'event' ? `/admin/${ui.path}/event_edit/${id}` : `/admin/${ui.path}/${id}/edit`);

/** The back link to the type's list and the create or edit page's heading. */
function FormHeading({ ui, page }: { ui: ContentTypeUi; page: 'create' | 'edit' }) {
  const { t } = useTranslation();
  return (
    <>
      <Anchor component={Link} to={`/admin/${ui.path}`} size="sm">
        {t(`contents:types.${ui.type}.back`)}
      </Anchor>
      <Title order={1} size="h2">
        {t(`contents:types.${ui.type}.${page}`)}
      </Title>
    </>
  );
}

function CreatePage({ ui }: { ui: ContentTypeUi }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { form, showServerErrors } = useContentForm(ui, emptyContentForm(ui.emptyFields()));
  const submit = form.onSubmit(async (values) => {
    try {
      const { id } = await createContentItem(ui.calls, formToInput(values, ui.formToFields(values.fields)));
      toast.success(t('contents:create.saved', { title: values.title.trim() }));
      await mutate(isContentListKey(ui.calls));
      navigate(editPath(ui, id));
    } catch (e) {
      toast.error(errorMessage(e));
      showServerErrors(e);
    }
  });
  return (
    <Stack gap="lg">
      <FormHeading ui={ui} page="create" />
      <ContentForm ui={ui} form={form} submitLabel={t('contents:actions.create')} onSubmit={(e) => void submit(e)} />
    </Stack>
  );
}

function EditPage({ ui }: { ui: ContentTypeUi }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.id;
  const item = useContentItem(ui.calls, id);
  return (
    <Stack gap="lg">
      <FormHeading ui={ui} page="edit" />
      {id && <PreviewLink path={`${ui.type}/${encodeURIComponent(id)}`} />}
      {item.error ? (
        <LoadError title={t('contents:edit.loadError')} error={item.error} onRetry={() => void item.mutate()} />
      ) : !item.data ? (
        <Skeleton h={400} maw={860} role="status" aria-label={t('common:loading')} />
      ) : (
        // Keyed by version: a reload after a stale save starts the form again from the stored item.
        <EditForm key={item.data.version} ui={ui} item={item.data} reload={() => void item.mutate()} />
      )}
    </Stack>
  );
}

function EditForm({ ui, item, reload }: { ui: ContentTypeUi; item: ContentItem; reload: () => void }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { form, showServerErrors } = useContentForm(ui, itemToForm(item, ui.fieldsToForm(item.fields)));
  const submit = form.onSubmit(async (values) => {
    try {
      await updateContentItem(ui.calls, { ...formToInput(values, ui.formToFields(values.fields)), id: item.id, version: item.version });
    } catch (e) {
      if (e instanceof ApiError && e.fields.version) {
        toast.error(t('contents:edit.stale'), t('contents:edit.staleDetail'));
        reload();
        return;
      }
      toast.error(errorMessage(e));
      showServerErrors(e);
      return;
    }
    toast.success(t('contents:edit.saved', { title: values.title.trim() }));
    reload();
    await mutate(isContentListKey(ui.calls));
  });
  return <ContentForm ui={ui} form={form} submitLabel={t('contents:actions.save')} onSubmit={(e) => void submit(e)} />;
}

type Pages = { list: ComponentType; create: ComponentType; edit: ComponentType };
const made = new Map<ContentItemType, Pages>();

/** The three pages of one type, made once (a route module's `Component` must keep its identity). */
export function pagesOf(type: ContentItemType): Pages {
  let pages = made.get(type);
  if (!pages) {
    const ui = uiOf(type);
    pages = { list: () => <ListPage ui={ui} />, create: () => <CreatePage ui={ui} />, edit: () => <EditPage ui={ui} /> };
    made.set(type, pages);
  }
  return pages;
}
