import { Alert, Anchor, Paper, Skeleton, Stack, Tabs } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { mailTemplateListCall } from '../../../../../shared/api/calls/mail-templates';
import { autoMailEvents, languages, type AutoMailEvent, type Language } from '../../../../../shared/constants';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { resetAutoMail, saveAutoMail, useAutoMail, useMailVariables, type AutoMailForm as AutoMailValues } from '../api';
import { AutoMailForm } from '../components/auto-mail-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { PageHeading } from '../../../components/page-heading';

const isEvent = (name: string | undefined): name is AutoMailEvent => autoMailEvents.includes(name as AutoMailEvent);

/** One language's template of the event: loads, saves and resets on its own (each has its own version). */
function LanguagePanel({ event, language, variables }: { event: AutoMailEvent; language: Language; variables: string[] | undefined }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const template = useAutoMail(event, language);
  const refreshList = () => mutate((key) => Array.isArray(key) && key[0] === mailTemplateListCall.path);

  const stale = async (e: unknown) => {
    // Someone else saved meanwhile: show their version, so the change is made again on top of it.
    if (e instanceof ApiError && e.status === 409) {
      toast.error(t('mailtemplates:edit.stale'), t('mailtemplates:edit.staleDetail'));
      await template.mutate();
      return true;
    }
    return false;
  };

  const save = async (form: AutoMailValues) => {
    const version = template.data!.template.version;
    try {
      await template.mutate(await saveAutoMail(event, language, version, form), { revalidate: false });
    } catch (e) {
      if (await stale(e)) return;
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t('mailtemplates:edit.saved', { name: t(`mailtemplates:events.${event}`), language: t(`mailtemplates:languages.${language}`) }));
    await refreshList();
  };

  const reset = async () => {
    try {
      await template.mutate(await resetAutoMail(event, language, template.data!.template.version), { revalidate: false });
    } catch (e) {
      if (!(await stale(e))) toast.error(errorMessage(e));
      return;
    }
    toast.success(t('mailtemplates:edit.resetDone'));
    await refreshList();
  };

  if (template.error) {
    return <LoadError title={t('mailtemplates:edit.loadError')} error={template.error} onRetry={() => void template.mutate()} />;
  }
  if (!template.data) return <Skeleton h={360} role="status" aria-label={t('common:loading')} />;
  const current = template.data.template;
  return <AutoMailForm key={`${current.version}-${current.edited}`} template={current} variables={variables} onSubmit={save} onReset={reset} />;
}

/** SPEC §2 /admin/mail_template/:mailTemplateName/edit: the auto mail of one event, a tab per language. */
function MailTemplateEditPage() {
  const { t, i18n } = useTranslation();
  const { mailTemplateName } = useParams();
  const variables = useMailVariables();
  const event = isEvent(mailTemplateName) ? mailTemplateName : undefined;
  const first = (languages as readonly string[]).includes(i18n.language) ? i18n.language : 'ja';

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/mail_template" size="sm">
        {t('mailtemplates:edit.back')}
      </Anchor>
      {!event ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage('common/not_found')}
        </Alert>
      ) : (
        <>
          <PageHeading title={t('mailtemplates:edit.title', { name: t(`mailtemplates:events.${event}`) })} description={t(`mailtemplates:eventHelp.${event}`)} />
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={760}>
            <Tabs defaultValue={first}>
              <Tabs.List mb="md">
                {languages.map((l) => (
                  <Tabs.Tab key={l} value={l}>
                    {t(`mailtemplates:languages.${l}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {languages.map((l) => (
                <Tabs.Panel key={l} value={l}>
                  <LanguagePanel event={event} language={l} variables={variables.data} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        </>
      )}
    </Stack>
  );
}

export { MailTemplateEditPage as Component };
