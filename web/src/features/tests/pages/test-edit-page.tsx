import { Code, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
import { createTest, isTestListKey, updateTest, useTest, type TestFormInput } from '../api';
import { emptyTestForm, TestForm, testToForm } from '../components/test-form';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/test/create and /admin/test/:testId/edit. */
function TestEditPage() {
  const { t } = useTranslation();
  const { testId } = useParams();
  const test = useTest(testId);
  const saveAndReturn = useSaveAndReturn({
    to: '/admin/test',
    listKey: isTestListKey,
    reload: testId ? () => test.mutate() : undefined,
    stale: { when: (e) => !!e.fields.version, reload: () => test.mutate(), notice: [t('tests:edit.stale'), t('tests:edit.staleDetail')] },
  });
  const save = (form: TestFormInput) =>
    saveAndReturn(
      () => (testId && test.data ? updateTest(testId, test.data.test.version, form) : createTest(form)),
      t(testId ? 'tests:edit.saved' : 'tests:edit.created', { title: form.title }),
    );

  return (
    <AdminEditPage
      title={t(testId ? 'tests:edit.title' : 'tests:edit.createTitle')}
      back={{ to: '/admin/test', label: t('tests:edit.back') }}
      aside={
        testId ? (
          <Text size="sm" c="dimmed">
            {t('tests:edit.testId')} <Code>{testId}</Code>
          </Text>
        ) : null
      }
      error={test.error}
      errorTitle={t('tests:edit.loadError')}
      onRetry={() => void test.mutate()}
      loading={!!testId && !test.data}
      skeleton={{ h: 320, maw: 720 }}
    >
      {() => (
        <TestForm
          key={test.data?.test.version ?? 'new'}
          initial={test.data ? testToForm(test.data.test) : emptyTestForm()}
          submitLabel={t(testId ? 'tests:actions.save' : 'tests:actions.create')}
          onSubmit={save}
        />
      )}
    </AdminEditPage>
  );
}

export { TestEditPage as Component };
