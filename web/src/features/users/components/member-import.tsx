import { Alert, Anchor, Button, Card, FileInput, Group, List, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import type { MemberImport, MemberImportError, MemberImportMode } from '../../../../../shared/api/calls/member-import';
import { MEMBER_IMPORT_MAX_ROWS } from '../../../../../shared/constants';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { isMemberDataKey } from '../api';
import { fetchTemplateHeader, startImport, useImport } from '../import-api';

/** Values the import messages name (SPEC §5: the maximum is shown in its message). */
const messageValues = { max: MEMBER_IMPORT_MAX_ROWS };

/** A CSV of the team's header (a BOM so that spreadsheets read it as UTF-8); `id` only where it is used. */
async function downloadTemplate(mode: MemberImportMode) {
  const { header } = await fetchTemplateHeader();
  const columns = mode === 'update' ? header : header.filter((c) => c !== 'id');
  const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  const blob = new Blob([`\uFEFF${columns.map(quote).join(',')}\r\n`], { type: 'text/csv' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `members-${mode}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** Every error of a refused file: its row (as a spreadsheet numbers it), its column and the message. */
function ImportErrors({ errors }: { errors: MemberImportError[] }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={errorMessage('import/error_count', { count: errors.length })} role="alert">
      <Table.ScrollContainer minWidth={300}>
        <Table striped aria-label={t('memberimport:errors.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t('memberimport:errors.row')}</Table.Th>
              <Table.Th w={110}>{t('memberimport:errors.column')}</Table.Th>
              <Table.Th>{t('memberimport:errors.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e, i) => (
              <Table.Tr key={`${e.row}-${e.column ?? ''}-${i}`}>
                <Table.Td>{e.row === 0 ? t('memberimport:errors.wholeFile') : e.row}</Table.Td>
                <Table.Td>{e.column ?? '—'}</Table.Td>
                <Table.Td>{errorMessage(e.code, messageValues)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}

/** The running import's bar, then its summary. */
function ImportProgress({ importId }: { importId: string }) {
  const { t } = useTranslation();
  const { data, error } = useImport(importId);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return <Progress value={0} aria-label={t('memberimport:progress.label')} />;
  const run: MemberImport = data.import;
  const percent = run.total ? Math.round((run.done / run.total) * 100) : 100;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text fw={500}>{run.state === 'done' ? t('memberimport:progress.done') : t('memberimport:progress.running')}</Text>
        <Progress value={percent} size="lg" animated={run.state !== 'done'} aria-label={t('memberimport:progress.label')} />
        <Text size="sm">{t('memberimport:progress.count', { done: run.done, total: run.total })}</Text>
        {run.state === 'done' && (
          <Stack gap="xs" aria-label={t('memberimport:summary.label')} role="region">
            <Title order={2} size="h4">
              {t('memberimport:summary.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {run.mode === 'update' ? (
                <Text>{t('memberimport:summary.updated', { count: run.updated })}</Text>
              ) : (
                <Text>{t('memberimport:summary.created', { count: run.created })}</Text>
              )}
              {run.mode !== 'update' && <Text>{t('memberimport:summary.mailsSent', { count: run.mailsSent })}</Text>}
              <Text c={run.failures.length ? 'red' : undefined}>{t('memberimport:summary.failed', { count: run.failures.length })}</Text>
            </SimpleGrid>
            {run.failures.length > 0 && (
              <List size="sm">
                {run.failures.map((f) => (
                  <List.Item key={f.row}>{t('memberimport:summary.failure', { row: f.row, email: f.email, message: errorMessage(f.code, messageValues) })}</List.Item>
                ))}
              </List>
            )}
            <Anchor component={Link} to="/admin/user">
              {t('memberimport:summary.toList')}
            </Anchor>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** SPEC §2 /admin/user/import, /admin/user/update and /admin/user/import_email_auth: one page, three modes. */
export function MemberImportPage({ mode }: { mode: MemberImportMode }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<MemberImportError[]>([]);
  const [importId, setImportId] = useState<string>();

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setErrors([]);
    try {
      const answer = await startImport(mode, file);
      if (answer.accepted) {
        setImportId(answer.import.importId);
        void mutate(isMemberDataKey);
      } else setErrors(answer.errors);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} size="h2">
        {t(`memberimport:${mode}.title`)}
      </Title>
      <Text>{t(`memberimport:${mode}.intro`)}</Text>
      <Text size="sm" c="dimmed">
        {t('memberimport:form.rules', { max: MEMBER_IMPORT_MAX_ROWS.toLocaleString() })}
      </Text>
      <Group>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadTemplate(mode).catch((e: unknown) => toast.error(errorMessage(e)))}>
          {t('memberimport:form.template')}
        </Button>
      </Group>
      {!importId && (
        <Stack gap="sm">
          <FileInput
            label={t('memberimport:form.file')}
            placeholder={t('memberimport:form.filePlaceholder')}
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            value={file}
            onChange={(f) => {
              setFile(f);
              setErrors([]);
            }}
            clearable
          />
          <Group>
            <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file} loading={busy} onClick={() => void submit()}>
              {t(`memberimport:${mode}.submit`)}
            </Button>
          </Group>
        </Stack>
      )}
      {errors.length > 0 && <ImportErrors errors={errors} />}
      {importId && <ImportProgress importId={importId} />}
    </Stack>
  );
}
