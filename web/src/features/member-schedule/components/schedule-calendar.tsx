import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { ScheduleEntry } from '../../../../../shared/api/calls/schedule';
import { amountLocale, formatDate, formatTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useMemberSchedule } from '../api';
import { dayKey, monthGrid, monthParam, onDay, parseMonthParam, sameDay } from '../month-grid';

/** An entry's link on a day: its page, its start time on the day it starts, and the member's state. */
function EntryLink({ entry, day, base }: { entry: ScheduleEntry; day: Date; base: string }) {
  const { t } = useTranslation('schedule');
  const startsToday = sameDay(new Date(entry.start), day);
  return (
    <Anchor
      component={Link}
      to={`${base}/${entry.type}/${encodeURIComponent(entry.id)}`}
      size="xs"
      display="block"
      lh={1.3}
      data-testid={`schedule-entry-${entry.type}-${entry.id}`}
      title={`${t(`types.${entry.type}`)}: ${entry.title} (${t(`states.${entry.state}`)})`}
    >
      <Text span size="xs" c="dimmed">
        {startsToday ? formatTime(entry.start) : t('continued')}
      </Text>{' '}
      {entry.title}
    </Anchor>
  );
}

/**
 * SPEC §2 /user/:teamId/schedule: the member's lives and events on a month grid (previous / next month, today
 * marked), or on a phone a list of the month's days that have entries. The month is in the address (`?month=YYYY-MM`).
 */
export function ScheduleCalendar({ base }: { base: string }) {
  const { t, i18n } = useTranslation('schedule');
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const { year, monthIndex } = parseMonthParam(params.get('month'), now);
  const grid = monthGrid(year, monthIndex);
  const { data, error, isLoading, mutate } = useMemberSchedule(grid.from, grid.to);
  const entries = data?.items ?? [];
  const locale = amountLocale(i18n.language);
  const monthTitle = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(grid.month);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const go = (delta: number) => setParams({ month: monthParam(new Date(year, monthIndex + delta, 1)) });
  const daysWithEntries = grid.days.filter((d) => d.getMonth() === monthIndex).map((day) => ({ day, list: entries.filter((e) => onDay(e, day)) }));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="default" size="lg" onClick={() => go(-1)} aria-label={t('previous')}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Title order={2} size="h3" data-testid="schedule-month">
          {monthTitle}
        </Title>
        <ActionIcon variant="default" size="lg" onClick={() => go(1)} aria-label={t('next')}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {error ? (
        <Alert color="red" title={t('loadError')}>
          <Button size="xs" variant="light" onClick={() => void mutate()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}
      {isLoading && !data ? <Skeleton h={320} /> : null}

      {/* Desktop and tablet: the month grid. */}
      <Box visibleFrom="sm" data-testid="schedule-grid">
        <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
          {grid.days.slice(0, 7).map((d) => (
            <Text key={`w${d.getDay()}`} size="xs" fw={600} ta="center" c="dimmed">
              {weekday.format(d)}
            </Text>
          ))}
          {grid.days.map((day) => {
            const today = sameDay(day, now);
            const inMonth = day.getMonth() === monthIndex;
            return (
              <Paper
                key={dayKey(day)}
                withBorder
                p={4}
                mih={92}
                // Another month's day is told by its shade and its dimmed number; its entries stay readable (4.5:1).
                bg={today ? 'var(--mantine-primary-color-light)' : inMonth ? undefined : 'var(--mantine-color-default-hover)'}
                data-testid={`schedule-day-${dayKey(day)}`}
                aria-current={today ? 'date' : undefined}
              >
                <Group gap={4} mb={2}>
                  <Text size="xs" fw={today ? 700 : 500} c={inMonth ? undefined : 'dimmed'}>
                    {day.getDate()}
                  </Text>
                  {today ? <TodayBadge /> : null}
                </Group>
                <Stack gap={2}>
                  {entries
                    .filter((e) => onDay(e, day))
                    .map((e) => (
                      <EntryLink key={`${e.type}${e.id}`} entry={e} day={day} base={base} />
                    ))}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Box>

      {/* Phones: the month's days that have entries, as a list. */}
      <Stack hiddenFrom="sm" gap="sm" data-testid="schedule-list">
        {data && !daysWithEntries.some((d) => d.list.length) ? <Text c="dimmed">{t('empty')}</Text> : null}
        {daysWithEntries
          .filter((d) => d.list.length)
          .map(({ day, list }) => {
            const today = sameDay(day, now);
            return (
              <Paper key={dayKey(day)} withBorder p="sm" data-testid={`schedule-listday-${dayKey(day)}`} aria-current={today ? 'date' : undefined}>
                <Group gap="xs" mb={4}>
                  <Text fw={600} size="sm">
                    {formatDate(day.toISOString())} ({weekday.format(day)})
                  </Text>
                  {today ? <TodayBadge /> : null}
                </Group>
                <Stack gap={4}>
                  {list.map((e) => (
                    <Group key={`${e.type}${e.id}`} gap="xs" wrap="nowrap">
                      <Badge size="xs" variant="light" color={e.type === 'live' ? 'grape' : 'teal'}>
                        {t(`types.${e.type}`)}
                      </Badge>
                      <EntryLink entry={e} day={day} base={base} />
                    </Group>
                  ))}
                </Stack>
              </Paper>
            );
          })}
      </Stack>
    </Stack>
  );
}

function TodayBadge() {
  const { t } = useTranslation('schedule');
  return (
    <Badge size="xs" variant="filled">
      {t('today')}
    </Badge>
  );
}
