import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import {
  createCustomMail,
  isCustomMailListKey,
  updateCustomMail,
  useCustomMail,
  useMailVariables,
  type CustomMailForm as CustomMailValues,
} from '../api';
import { CustomMailForm } from '../components/custom-mail-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/custom_mail_template/create and /admin/custom_mail_template/:customMailTemplateId/edit. */
function CustomMailTemplateEditPage() {
  const { t } = useTranslation();
  const { customMailTemplateId: id } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const template = useCustomMail(id);
  const variables = useMailVariables();

  const save = async (form: CustomMailValues) => {
    try {
      if (id && template.data) await updateCustomMail(id, template.data.template.version, form);
      else await createCustomMail(form);
    } catch (e) {
      // Someone else saved meanwhile: show their version, so the change is made again on top of it.
      if (e instanceof ApiError && e.status === 409) {
        toast.error(t('mailtemplates:edit.stale'), t('mailtemplates:edit.staleDetail'));
        await template.mutate();
        return;
      }
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t(id ? 'mailtemplates:customEdit.saved' : 'mailtemplates:customEdit.created', { title: form.title }));
    await mutate(isCustomMailListKey);
    if (id) await template.mutate();
    navigate('/admin/custom_mail_template');
  };

  const current = template.data?.template;
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/custom_mail_template" size="sm">
        {t('mailtemplates:customEdit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t(id ? 'mailtemplates:customEdit.title' : 'mailtemplates:customEdit.createTitle')}
      </Title>
      {template.error ? (
        <LoadError title={t('mailtemplates:customEdit.loadError')} error={template.error} onRetry={() => void template.mutate()} />
      ) : id && !current ? (
        <Skeleton h={360} maw={760} role="status" aria-label={t('common:loading')} />
      ) : (
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
    </Stack>
  );
}

export { CustomMailTemplateEditPage as Component };
