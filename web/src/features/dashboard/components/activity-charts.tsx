import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardAnswer } from '../../../../../shared/api/calls/analytics';
import { useTranslation } from '../../../lib/i18n';

const columns = ['plays', 'views', 'logins', 'signups', 'members'] as const;

/**
 * SPEC §2 dashboard: the 7-day charts (plays, page views, logins, sign-ups) and the membership trend. The charts are
 * for the eye; the numbers are in the table under them, which is what screen readers (and tests) read.
 */
export function ActivityCharts({ days }: { days: DashboardAnswer['days'] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'dashboard.activity' });
  const data = days.map((d) => ({ ...d, day: d.day.slice(5) }));
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Text fw={700} component="h2">
          {t('chartsTitle')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-hidden>
          <BarChart
            barChartProps={{ accessibilityLayer: false }}
            h={220}
            data={data}
            dataKey="day"
            withLegend
            series={[
              { name: 'plays', label: t('plays'), color: 'blue.6' },
              { name: 'views', label: t('views'), color: 'teal.6' },
              { name: 'logins', label: t('logins'), color: 'grape.6' },
            ]}
          />
          <LineChart
            lineChartProps={{ accessibilityLayer: false }}
            h={220}
            data={data}
            dataKey="day"
            withLegend
            series={[
              { name: 'members', label: t('members'), color: 'indigo.6' },
              { name: 'signups', label: t('signups'), color: 'orange.6' },
            ]}
          />
        </SimpleGrid>
        <Table.ScrollContainer minWidth={520}>
          <Table captionSide="top" verticalSpacing={4}>
            <Table.Caption>{t('perDay')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('day')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c} scope="col" ta="right">
                    {t(c)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Th scope="row" fw={400}>
                    {d.day}
                  </Table.Th>
                  {columns.map((c) => (
                    <Table.Td key={c} ta="right">
                      {d[c]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Anchor component={Link} to="/admin/analytics/total" size="sm">
          {t('analyticsLink')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
