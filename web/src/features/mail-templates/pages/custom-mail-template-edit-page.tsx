import { useParams } from 'react-router';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
import {
  createCustomMail,
  isCustomMailListKey,
  updateCustomMail,
  useCustomMail,
  useMailVariables,
  type CustomMailForm as CustomMailValues,
} from '../api';
import { CustomMailForm } from '../components/custom-mail-form';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/custom_mail_template/create and /admin/custom_mail_template/:customMailTemplateId/edit. */
function CustomMailTemplateEditPage() {
  const { t } = useTranslation();
  const { customMailTemplateId: id } = useParams();
  const template = useCustomMail(id);
  const variables = useMailVariables();
  const saveAndReturn = useSaveAndReturn({
    to: '/admin/custom_mail_template',
    listKey: isCustomMailListKey,
    reload: id ? () => template.mutate() : undefined,
    stale: { when: (e) => e.status === 409, reload: () => template.mutate(), notice: [t('mailtemplates:edit.stale'), t('mailtemplates:edit.staleDetail')] },
  });
  const save = (form: CustomMailValues) =>
    saveAndReturn(
      () => (id && template.data ? updateCustomMail(id, template.data.template.version, form) : createCustomMail(form)),
      t(id ? 'mailtemplates:customEdit.saved' : 'mailtemplates:customEdit.created', { title: form.title }),
    );

  const current = template.data?.template;
  return (
    <AdminEditPage
      title={t(id ? 'mailtemplates:customEdit.title' : 'mailtemplates:customEdit.createTitle')}
      back={{ to: '/admin/custom_mail_template', label: t('mailtemplates:customEdit.back') }}
      error={template.error}
      errorTitle={t('mailtemplates:customEdit.loadError')}
      onRetry={() => void template.mutate()}
      loading={!!id && !current}
      skeleton={{ h: 360, maw: 760 }}
    >
      {() => (
        <CustomMailForm
          key={current?.version ?? 'new'}
          initial={
            current && {
              title: current.title,
              eventType: current.eventType,
              objectIds: current.objectIds,
              subject: current.subject,
              body: current.body,
              enabled: current.enabled,
            }
          }
          variables={variables.data}
          submitLabel={t(id ? 'mailtemplates:actions.save' : 'mailtemplates:actions.create')}
          onSubmit={save}
        />
      )}
    </AdminEditPage>
  );
}

export { CustomMailTemplateEditPage as Component };
