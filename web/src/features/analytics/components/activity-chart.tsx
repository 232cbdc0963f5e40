import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

/**
 * Counts per day as bars (@mantine/charts, on recharts). The same numbers are always in a table beside it: the chart
 * is for the eye, the table for screen readers and tests.
 */
export function ActivityChart({ title, data, series, h = 260 }: { title: string; data: Record<string, string | number>[]; series: ChartSeries[]; h?: number }) {
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="sm" component="h2" size="md">
        {title}
      </Text>
      <div aria-hidden>
        <BarChart h={h} data={data} dataKey="day" series={series} withLegend tickLine="y" barChartProps={{ accessibilityLayer: false }} />
      </div>
    </Paper>
  );
}
