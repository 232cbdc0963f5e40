import { Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast, IconCalendarCheck, IconCalendarOff, IconClock, IconFileTypePdf, IconLock, IconMovie, IconUserPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventContentCard, EventView as EventAnswer } from '../../../../../shared/api/calls/events';
import type { EventContentType } from '../../../../../shared/rules/event';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { usePeriodFormat } from '../../../lib/period';
import { MediaThumbnail } from '../../../components/media-thumbnail';
import { toast } from '../../../lib/toast';
import { applyToEvent } from '../api';
import type { TypeViewProps } from './view-registry';

const typeIcons: Record<EventContentType, typeof IconMovie> = { video: IconMovie, live: IconBroadcast, pdf: IconFileTypePdf };

/** SPEC §2: an event's content opens on its own page nested under the event (the event grants it there). */
function eventContentPath(base: string, eventId: string, content: { type: EventContentType; id: string }): string {
  const [event, id] = [encodeURIComponent(eventId), encodeURIComponent(content.id)];
  return content.type === 'video' ? `${base}/event/${event}/${id}/item_select` : `${base}/event/${content.type}/${event}/${id}/item_select`;
}

/**
 * SPEC §3 event on its member page: the application and hold periods, what the member's SPEC §4 state means for
 * them (apply while applications are open; applied and waiting; over) and the contents as cards, each opening
 * through the event only while the server says so (`openable`: applied and inside the hold period). Visitors of
 * the catalog cannot apply: they are asked to log in (the page's own "open as a member" link).
 */
export default function EventView({ answer, base, onChanged }: TypeViewProps) {
  const { t } = useTranslation();
  const period = usePeriodFormat();
  const view = answer.view as EventAnswer | undefined;
  if (!view) return null;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" radius="sm">
              {t(`events:form.formats.${view.format}`)}
            </Badge>
          </Group>
          <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 4 }}>
            <Term term={t('events:page.applicationPeriod')}>{period(view.applicationStart, view.applicationEnd)}</Term>
            <Term term={t('events:page.holdPeriod')}>{period(view.holdStart, view.holdEnd)}</Term>
          </Box>
        </Stack>
      </Paper>
      <StateNotice answer={answer} view={view} catalog={base.startsWith('/catalog/')} onChanged={onChanged} />
      {view.contents.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('events:page.contents')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {view.contents.map((c) => (
              <li key={`${c.type}:${c.id}`}>
                <ContentCard card={c} href={c.openable ? eventContentPath(base, answer.item.id, c) : undefined} />
              </li>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

interface StateNoticeProps {
  answer: TypeViewProps['answer'];
  view: EventAnswer;
  catalog: boolean;
  onChanged: () => void;
}

/** What the member's state means for this event, with the apply button while applications are open. */
function StateNotice({ answer, view, catalog, onChanged }: StateNoticeProps) {
  const { t } = useTranslation();
  const [applying, setApplying] = useState(false);
  const apply = async () => {
    setApplying(true);
    try {
      await applyToEvent(answer.item.id);
      toast.success(t('events:page.appliedToast', { title: answer.item.title }));
    } catch (e) {
      // Refused (e.g. the period closed meanwhile): the page is read again and shows why.
      toast.error(t('events:page.applyFailed'), errorMessage(e));
    } finally {
      setApplying(false);
      onChanged();
    }
  };
  switch (answer.state) {
    case 'unapplied':
      return (
        <Notice icon={<IconUserPlus size={28} aria-hidden />} title={t('events:page.unappliedTitle')} body={t('events:page.unappliedBody', { date: formatDateTime(view.applicationEnd) })}>
          {catalog ? (
            <Text size="sm">{t('events:page.loginToApply')}</Text>
          ) : (
            <Button onClick={() => void apply()} loading={applying} w="fit-content" leftSection={<IconUserPlus size={16} aria-hidden />}>
              {t('events:page.apply')}
            </Button>
          )}
        </Notice>
      );
    case 'outsideApplicationPeriod':
      // Before the period opens or after it closed: the page was answered just now, so the clock here tells which.
      return Date.now() < Date.parse(view.applicationStart) ? (
        <Notice icon={<IconClock size={28} aria-hidden />} title={t('events:page.notYetOpenTitle')} body={t('events:page.notYetOpenBody', { date: formatDateTime(view.applicationStart) })} />
      ) : (
        <Notice icon={<IconCalendarOff size={28} aria-hidden />} title={t('events:page.closedTitle')} body={t('events:page.closedBody', { date: formatDateTime(view.applicationEnd) })} />
      );
    case 'beforeEvent':
      return <Notice icon={<IconCalendarCheck size={28} aria-hidden />} title={t('events:page.beforeEventTitle')} body={t('events:page.beforeEventBody', { date: formatDateTime(view.holdStart) })} />;
    case 'afterEvent':
      return <Notice icon={<IconCalendarOff size={28} aria-hidden />} title={t('events:page.afterEventTitle')} body={t('events:page.afterEventBody', { date: formatDateTime(view.holdEnd) })} />;
    case 'visible':
      return <Notice icon={<IconCalendarCheck size={28} aria-hidden />} title={t('events:page.visibleTitle')} body={t('events:page.visibleBody', { date: formatDateTime(view.holdEnd) })} color="teal" />;
    default:
      // Registered, unpurchased, before or after the viewable period: the shared page says what to do.
      return null;
  }
}

function Notice({ icon, title, body, color, children }: { icon: ReactNode; title: string; body: string; color?: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" role="status" style={color ? { borderColor: `var(--mantine-color-${color}-4)` } : undefined}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Text c={color ?? 'indigo'} component="span" lh={0}>
          {icon}
        </Text>
        <Stack gap={6}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {body}
          </Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

/** One content of the event; a link only while it opens, otherwise a dimmed card saying when it will. */
function ContentCard({ card, href }: { card: EventContentCard; href?: string }) {
  const { t } = useTranslation();
  const Icon = typeIcons[card.type];
  // A list, not a fragment: Mantine bleeds the section to the card's edges only when it is a direct first child.
  const body = [
    <Card.Section key="thumbnail">
      <MediaThumbnail src={card.thumbnailUrl} placeholderLabel={t('events:page.noThumbnail')} placeholderIcon={Icon} />
    </Card.Section>,
    <Stack key="text" gap={4} mt="sm">
      <Badge variant="light" w="fit-content" radius="sm" leftSection={<Icon size={12} aria-hidden />}>
        {t(`events:types.${card.type}`)}
      </Badge>
      <Text fw={600} lineClamp={2} c={href ? 'indigo.9' : undefined}>
        {card.title}
      </Text>
      {!href && (
        <Group gap={4} c="dimmed" wrap="nowrap">
          <IconLock size={14} aria-hidden />
          <Text size="xs">{t('events:page.locked')}</Text>
        </Group>
      )}
    </Stack>,
  ];
  return href ? (
    <Card component={Link} to={href} withBorder radius="md" padding="sm" h="100%" style={{ textDecoration: 'none' }}>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="sm" h="100%" opacity={0.75} aria-disabled>
      {body}
    </Card>
  );
}

/** A term and its description in the event's definition list. */
function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" fw={600} size="sm">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </>
  );
}
