import { Button, FileInput, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { fileKindRules } from '../../../../../shared/api/calls/uploads';
import { addLibraryFile } from '../../../components/content-fields/api';
import { isFileListKey } from '../api';
import { formatBytes } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AdminPage } from '../../../components/admin-page/admin-page';

/** SPEC §2 /admin/filelist/create: one file into the library (typed and size-limited by its presigned upload). */
function FileCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const max = fileKindRules.attachment.maxBytes;
  const upload = async () => {
    if (!file) return setProblem(t('contents:files.required'));
    if (file.size > max) return setProblem(t('contents:files.tooLarge', { max: formatBytes(max) }));
    setProblem(undefined);
    setBusy(true);
    try {
      const named = name.trim() && name.trim() !== file.name ? new File([file], name.trim(), { type: file.type }) : file;
      const created = await addLibraryFile(named);
      toast.success(t('contentfields:form.fileUploaded', { name: created.name }));
      await mutate(isFileListKey);
      navigate('/admin/filelist');
    } catch (e) {
      toast.error(t('contentfields:form.fileFailed'), errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminPage title={t('contents:files.create')} back={{ to: '/admin/filelist', label: t('contents:files.back') }} maw={640}>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <FileInput
            label={t('contents:files.file')}
            description={t('contents:files.fileHint', { max: formatBytes(max) })}
            value={file}
            onChange={(f) => {
              setFile(f);
              setName(f?.name ?? '');
            }}
            error={problem}
            withAsterisk
          />
          <TextInput label={t('contents:files.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
          {file && <Text size="sm">{formatBytes(file.size)}</Text>}
          <Group justify="flex-end">
            <Button onClick={() => void upload()} loading={busy}>
              {t('contents:files.upload')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </AdminPage>
  );
}

export { FileCreatePage as Component };
