import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { isInviteKey, updateInvite, useInvite } from '../api';
import { InviteForm, inviteToValues } from '../components/invite-form';
import { toast } from '../../../lib/toast';
import { useInviteChoices } from './invite-choices';

/** SPEC §2 /admin/invite/:inviteId/edit. */
function InviteEditPage() {
  const { t } = useTranslation();
  const { inviteId = '' } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useInvite(inviteId);
  const choices = useInviteChoices();

  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to="/admin/invite" size="sm">
        ← {t('invites:form.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('invites:form.editTitle')}
      </Title>
      {error ? (
        <LoadError title={t('invites:form.loadError')} error={error} onRetry={() => void reload()} />
      ) : !data ? (
        <Skeleton h={480} role="status" aria-label={t('common:loading')} />
      ) : (
        <InviteForm
          key={data.inviteId}
          mode="edit"
          initialValues={inviteToValues(data)}
          {...choices}
          onSubmit={async ({ kind: _kind, ...input }) => {
            await updateInvite({ ...input, inviteId });
            await mutate(isInviteKey);
            toast.success(t('invites:form.saved'));
            navigate('/admin/invite');
          }}
        />
      )}
    </Stack>
  );
}

export { InviteEditPage as Component };
