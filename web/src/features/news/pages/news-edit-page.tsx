import { useParams } from 'react-router';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
import { createNews, isNewsListKey, updateNews, useNews, useNewsGroups, type NewsForm as NewsFormValues } from '../api';
import { NewsForm } from '../components/news-form';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/news/create and /admin/news/:newsId/edit. */
function NewsEditPage() {
  const { t } = useTranslation();
  const { newsId } = useParams();
  const news = useNews(newsId);
  const groups = useNewsGroups();
  const choices = (groups.data?.groups ?? []).map((g) => ({ value: g.groupId, label: g.name }));
  const saveAndReturn = useSaveAndReturn({
    to: '/admin/news',
    listKey: isNewsListKey,
    reload: newsId ? () => news.mutate() : undefined,
    stale: { when: (e) => !!e.fields.version, reload: () => news.mutate(), notice: [t('news:edit.stale'), t('news:edit.staleDetail')] },
  });
  const save = (form: NewsFormValues) =>
    saveAndReturn(
      () => (newsId && news.data ? updateNews(newsId, news.data.news.version, form) : createNews(form)),
      t(newsId ? 'news:edit.saved' : 'news:edit.created', { title: form.title }),
    );

  return (
    <AdminEditPage
      title={t(newsId ? 'news:edit.title' : 'news:edit.createTitle')}
      back={{ to: '/admin/news', label: t('news:edit.back') }}
      error={news.error ?? groups.error}
      errorTitle={t('news:edit.loadError')}
      onRetry={() => {
        void news.mutate();
        void groups.mutate();
      }}
      loading={!groups.data || (!!newsId && !news.data)}
    >
      {() => (
        <NewsForm
          key={news.data?.news.version ?? 'new'}
          initial={news.data && { title: news.data.news.title, content: news.data.news.content, groupIds: news.data.news.groupIds }}
          groups={choices}
          submitLabel={t(newsId ? 'news:actions.save' : 'news:actions.create')}
          onSubmit={save}
        />
      )}
    </AdminEditPage>
  );
}

export { NewsEditPage as Component };
