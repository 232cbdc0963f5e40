import { Anchor, Skeleton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { ActivityMetric, UserRow } from '../../../../../shared/api/calls/analytics';
import { useTranslation } from '../../../lib/i18n';
import { userLinkPath } from '../paths';
import { CsvButton } from './csv-button';
import { MetricTable } from './metric-table';

/** What a member's row shows (the users page, and a group manager's page in the member area). */
export const memberRowMetrics: readonly ActivityMetric[] = ['logins', 'views', 'plays', 'finishes', 'watchSeconds', 'testsTaken', 'testsPassed'];

/**
 * A period's members with their metrics, as the users page and the content members pages show them: the table
 * (each member linking to `linkPage` of the member, when given) and the CSV of the same rows.
 */
export function MemberMetricsTable({ items, metrics, linkPage }: { items?: UserRow[]; metrics: readonly ActivityMetric[]; linkPage?: string }) {
  const { t } = useTranslation('analytics');
  const { search } = useLocation();
  if (!items) return <Skeleton h={300} role="status" aria-label={t('common:loading')} />;
  return (
    <MetricTable
      caption={t('pages.users.caption')}
      labelHeader={t('member')}
      rows={items}
      rowKey={(r) => r.userId}
      label={(r) =>
        linkPage ? (
          <Anchor component={Link} to={userLinkPath(linkPage, r.userId, search)}>
            {r.name || r.email || r.userId}
          </Anchor>
        ) : (
          r.name || r.email || r.userId
        )
      }
      metrics={metrics}
      value={(r, m) => r.counts[m]}
      emptyText={t('empty')}
    />
  );
}

export function MemberMetricsCsv({ items, metrics, fileName }: { items?: UserRow[]; metrics: readonly ActivityMetric[]; fileName: string }) {
  const { t } = useTranslation('analytics');
  return (
    <CsvButton
      fileName={fileName}
      rows={items && (() => [[t('member'), t('email'), ...metrics.map((m) => t(`metrics.${m}`))], ...items.map((r) => [r.name, r.email, ...metrics.map((m) => r.counts[m])])])}
    />
  );
}
