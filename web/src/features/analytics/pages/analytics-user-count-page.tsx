import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useAnalyticsUserCount } from '../api';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { CsvButton } from '../components/csv-button';
import { usePeriodParam } from '../components/period-picker';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/analytics/user_count: sign-ups and removals per day and the members counted, over the period. */
function AnalyticsUserCountPage() {
  const { t } = useTranslation('analytics');
  const [period, setPeriod] = usePeriodParam();
  const context = useAdminContext();
  const counts = useAnalyticsUserCount(period);
  const data = counts.data;

  return (
    <AnalyticsPageShell
      title={t('pages.user_count.title')}
      withNav
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.team.plan}
      shown={data}
      error={counts.error}
      onRetry={() => void counts.mutate()}
      actions={
        <CsvButton
          fileName={`analytics-user-count-${data?.from}-${data?.to}.csv`}
          rows={data && (() => [[t('day'), t('metrics.signups'), t('metrics.leaves'), t('members')], ...data.days.map((d) => [d.day, d.signups, d.leaves, d.members])])}
        />
      }
    >
      {!data ? (
        <Skeleton h={300} role="status" aria-label={t('common:loading')} />
      ) : (
        <Stack gap="lg">
          <Paper withBorder p="md">
            <Text fw={600} mb="sm" component="h2" size="md">
              {t('pages.user_count.chart')}
            </Text>
            <div aria-hidden>
              <LineChart
                lineChartProps={{ accessibilityLayer: false }}
                h={260}
                data={data.days.map((d) => ({ day: d.day.slice(5), signups: d.signups, leaves: d.leaves, members: d.members }))}
                dataKey="day"
                withLegend
                series={[
                  { name: 'members', label: t('members'), color: 'blue.6' },
                  { name: 'signups', label: t('metrics.signups'), color: 'teal.6' },
                  { name: 'leaves', label: t('metrics.leaves'), color: 'orange.6' },
                ]}
              />
            </div>
          </Paper>
          <Paper withBorder>
            <Table captionSide="top">
              <Table.Caption>{t('pages.total.perDay')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('day')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('metrics.signups')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('metrics.leaves')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('members')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.days.map((d) => (
                  <Table.Tr key={d.day}>
                    <Table.Th scope="row" fw={400}>
                      {d.day}
                    </Table.Th>
                    <Table.Td ta="right">{d.signups}</Table.Td>
                    <Table.Td ta="right">{d.leaves}</Table.Td>
                    <Table.Td ta="right">{d.members}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </Stack>
      )}
    </AnalyticsPageShell>
  );
}

export { AnalyticsUserCountPage as Component };
