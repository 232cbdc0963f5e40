import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { csvText, downloadCsv } from '../../../lib/csv';
import { useTranslation } from '../../../lib/i18n';

/** Downloads what the page shows as CSV (BOM, quoted cells, formula-injection guard: web/src/lib/csv.ts). */
export function CsvButton({ fileName, rows }: { fileName: string; rows: (() => (string | number)[][]) | undefined }) {
  const { t } = useTranslation('analytics');
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} disabled={!rows} onClick={() => rows && downloadCsv(fileName, csvText(rows()))}>
      {t('csv')}
    </Button>
  );
}
