import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ActivityMetric } from '../../../../../shared/api/calls/analytics';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

export const metricValue = (metric: ActivityMetric, value: number): string => (metric === 'watchSeconds' ? formatClock(value) : value.toLocaleString());

/** Rows with a label column and one column per metric (numbers right-aligned), as a captioned table. */
export function MetricTable<R>({
  caption,
  labelHeader,
  rows,
  rowKey,
  label,
  metrics,
  value,
  emptyText,
}: {
  caption: string;
  labelHeader: string;
  rows: readonly R[];
  rowKey: (r: R) => string;
  label: (r: R) => ReactNode;
  metrics: readonly ActivityMetric[];
  value: (r: R, m: ActivityMetric) => number;
  emptyText?: string;
}) {
  const { t } = useTranslation('analytics');
  if (rows.length === 0 && emptyText) {
    return (
      <Paper withBorder p="md">
        <Text c="dimmed">{emptyText}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder>
      {/* Wider than a phone: the scrolled region takes the keyboard focus so it can be scrolled without a mouse. */}
      <Table.ScrollContainer minWidth={200 + metrics.length * 110} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': caption } }}>
        <Table verticalSpacing="xs" highlightOnHover captionSide="top">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{labelHeader}</Table.Th>
              {metrics.map((m) => (
                <Table.Th key={m} scope="col" ta="right">
                  {t(`metrics.${m}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={rowKey(r)}>
                <Table.Th scope="row" fw={400}>
                  {label(r)}
                </Table.Th>
                {metrics.map((m) => (
                  <Table.Td key={m} ta="right">
                    {metricValue(m, value(r, m))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
