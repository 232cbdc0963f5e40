import { Anchor, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { createTest, isTestListKey, updateTest, useTest, type TestFormInput } from '../api';
import { emptyTestForm, TestForm, testToForm } from '../components/test-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/test/create and /admin/test/:testId/edit. */
function TestEditPage() {
  const { t } = useTranslation();
  const { testId } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const test = useTest(testId);

  const save = async (form: TestFormInput) => {
    try {
      if (testId && test.data) await updateTest(testId, test.data.test.version, form);
      else await createTest(form);
    } catch (e) {
      // Someone else saved meanwhile: show their version, so the change is made again on top of it.
      if (e instanceof ApiError && e.fields.version) {
        toast.error(t('tests:edit.stale'), t('tests:edit.staleDetail'));
        await test.mutate();
        return;
      }
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t(testId ? 'tests:edit.saved' : 'tests:edit.created', { title: form.title }));
    await mutate(isTestListKey);
    if (testId) await test.mutate();
    navigate('/admin/test');
  };

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/test" size="sm">
        {t('tests:edit.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t(testId ? 'tests:edit.title' : 'tests:edit.createTitle')}
        </Title>
        {testId && (
          <Text size="sm" c="dimmed">
            {t('tests:edit.testId')} <Code>{testId}</Code>
          </Text>
        )}
      </Group>
      {test.error ? (
        <LoadError title={t('tests:edit.loadError')} error={test.error} onRetry={() => void test.mutate()} />
      ) : testId && !test.data ? (
        <Skeleton h={320} maw={720} role="status" aria-label={t('common:loading')} />
      ) : (
        <TestForm
          key={test.data?.test.version ?? 'new'}
          initial={test.data ? testToForm(test.data.test) : emptyTestForm()}
          submitLabel={t(testId ? 'tests:actions.save' : 'tests:actions.create')}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}

export { TestEditPage as Component };
