import { useParams } from 'react-router';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
import { createEnquete, isEnqueteListKey, updateEnquete, useEnquete, type EnqueteFormValues } from '../api';
import { EnqueteForm } from '../components/enquete-form';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/enquete/create and /admin/enquete/:enqueteId/edit. */
function EnqueteEditPage() {
  const { t } = useTranslation();
  const { enqueteId } = useParams();
  const enquete = useEnquete(enqueteId);
  const saveAndReturn = useSaveAndReturn({
    to: '/admin/enquete',
    listKey: isEnqueteListKey,
    reload: enqueteId ? () => enquete.mutate() : undefined,
    stale: { when: (e) => !!e.fields.version, reload: () => enquete.mutate(), notice: [t('enquete:edit.stale'), t('enquete:edit.staleDetail')] },
  });
  const save = (form: EnqueteFormValues) =>
    saveAndReturn(
      () => (enqueteId && enquete.data ? updateEnquete(enqueteId, enquete.data.enquete.version, form) : createEnquete(form)),
      t(enqueteId ? 'enquete:edit.saved' : 'enquete:edit.created', { title: form.title }),
    );

  return (
    <AdminEditPage
      title={t(enqueteId ? 'enquete:edit.title' : 'enquete:edit.createTitle')}
      back={{ to: '/admin/enquete', label: t('enquete:edit.back') }}
      error={enquete.error}
      errorTitle={t('enquete:edit.loadError')}
      onRetry={() => void enquete.mutate()}
      loading={!!enqueteId && !enquete.data}
    >
      {() => (
        <EnqueteForm
          key={enquete.data?.enquete.version ?? 'new'}
          initial={enquete.data && { title: enquete.data.enquete.title, questions: enquete.data.enquete.questions.map((q) => ({ ...q, options: [...q.options] })) }}
          submitLabel={t(enqueteId ? 'enquete:actions.save' : 'enquete:actions.create')}
          onSubmit={save}
        />
      )}
    </AdminEditPage>
  );
}

export { EnqueteEditPage as Component };
