import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { StatusCard } from '../../../components/status-card';
import { DesignPageImage } from '../../../components/design-page-image';
import { usePublicDesign } from '../../../lib/public-design';

const reasons = ['not_subscribe', 'unpaid_admin', 'unpaid_user', 'not_team'] as const;
type Reason = (typeof reasons)[number];

/**
 * SPEC §2 /entry/admin/:type and /entry/:teamId/:type: why the team's pages are closed (trial ended without a plan,
 * unpaid plan, not a person of the team) and the way out: administrators go to billing, members are asked to
 * contact the operator.
 */
function EntryPage() {
  const { t } = useTranslation('plans');
  const { teamId, type = '' } = useParams();
  const reason: Reason = (reasons as readonly string[]).includes(type) ? (type as Reason) : 'not_subscribe';
  const side = teamId ? 'member' : 'admin';
  // SPEC §3 page kinds: the team's entry image, on the member side (the admin side keeps the product's look).
  const { data: design } = usePublicDesign(teamId ?? '');
  return (
    <StatusCard icon={<IconLock size={30} aria-hidden />} color="orange" title={t(`entry.${side}.${reason}.title`)} image={<DesignPageImage url={design?.pageImages.entry} />}>
      <Text>{t(`entry.${side}.${reason}.body`)}</Text>
      {side === 'admin' ? (
        reason === 'not_team' ? (
          <Button component={Link} to="/login">
            {t('entry.toLogin')}
          </Button>
        ) : (
          <Button component={Link} to="/admin/general_setting/billing">
            {t('entry.toBilling')}
          </Button>
        )
      ) : (
        <Button component={Link} to={`/login/${teamId}`} variant="default">
          {t('entry.toLogin')}
        </Button>
      )}
    </StatusCard>
  );
}

export { EntryPage as Component };
