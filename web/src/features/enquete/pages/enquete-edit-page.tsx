import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { createEnquete, isEnqueteListKey, updateEnquete, useEnquete, type EnqueteFormValues } from '../api';
import { EnqueteForm } from '../components/enquete-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/enquete/create and /admin/enquete/:enqueteId/edit. */
function EnqueteEditPage() {
  const { t } = useTranslation();
  const { enqueteId } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const enquete = useEnquete(enqueteId);

  const save = async (form: EnqueteFormValues) => {
    try {
      if (enqueteId && enquete.data) await updateEnquete(enqueteId, enquete.data.enquete.version, form);
      else await createEnquete(form);
    } catch (e) {
      // Someone else saved meanwhile: show their version, so the change is made again on top of it.
      if (e instanceof ApiError && e.fields.version) {
        toast.error(t('enquete:edit.stale'), t('enquete:edit.staleDetail'));
        await enquete.mutate();
        return;
      }
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t(enqueteId ? 'enquete:edit.saved' : 'enquete:edit.created', { title: form.title }));
    await mutate(isEnqueteListKey);
    if (enqueteId) await enquete.mutate();
    navigate('/admin/enquete');
  };

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/enquete" size="sm">
        {t('enquete:edit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t(enqueteId ? 'enquete:edit.title' : 'enquete:edit.createTitle')}
      </Title>
      {enquete.error ? (
        <LoadError title={t('enquete:edit.loadError')} error={enquete.error} onRetry={() => void enquete.mutate()} />
      ) : enqueteId && !enquete.data ? (
        <Skeleton h={240} maw={720} role="status" aria-label={t('common:loading')} />
      ) : (
        <EnqueteForm
          key={enquete.data?.enquete.version ?? 'new'}
          initial={enquete.data && { title: enquete.data.enquete.title, questions: enquete.data.enquete.questions.map((q) => ({ ...q, options: [...q.options] })) }}
          submitLabel={t(enqueteId ? 'enquete:actions.save' : 'enquete:actions.create')}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}

export { EnqueteEditPage as Component };
