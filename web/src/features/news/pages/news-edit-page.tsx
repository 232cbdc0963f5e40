import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { createNews, isNewsListKey, updateNews, useNews, useNewsGroups, type NewsForm as NewsFormValues } from '../api';
import { NewsForm } from '../components/news-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/news/create and /admin/news/:newsId/edit. */
function NewsEditPage() {
  const { t } = useTranslation();
  const { newsId } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const news = useNews(newsId);
  const groups = useNewsGroups();
  const choices = (groups.data?.groups ?? []).map((g) => ({ value: g.groupId, label: g.name }));

  const save = async (form: NewsFormValues) => {
    try {
      if (newsId && news.data) await updateNews(newsId, news.data.news.version, form);
      else await createNews(form);
    } catch (e) {
      // Someone else saved meanwhile: show their version, so the change is made again on top of it.
      if (e instanceof ApiError && e.fields.version) {
        toast.error(t('news:edit.stale'), t('news:edit.staleDetail'));
        await news.mutate();
        return;
      }
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t(newsId ? 'news:edit.saved' : 'news:edit.created', { title: form.title }));
    await mutate(isNewsListKey);
    if (newsId) await news.mutate();
    navigate('/admin/news');
  };

  const loadError = news.error ?? groups.error;
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/news" size="sm">
        {t('news:edit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t(newsId ? 'news:edit.title' : 'news:edit.createTitle')}
      </Title>
      {loadError ? (
        <LoadError
          title={t('news:edit.loadError')}
          error={loadError}
          onRetry={() => {
            void news.mutate();
            void groups.mutate();
          }}
        />
      ) : !groups.data || (newsId && !news.data) ? (
        <Skeleton h={240} maw={720} role="status" aria-label={t('common:loading')} />
      ) : (
        <NewsForm
          key={news.data?.news.version ?? 'new'}
          initial={news.data && { title: news.data.news.title, content: news.data.news.content, groupIds: news.data.news.groupIds }}
          groups={choices}
          submitLabel={t(newsId ? 'news:actions.save' : 'news:actions.create')}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}

export { NewsEditPage as Component };
