import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { createInvite, isInviteKey } from '../api';
import { emptyInvite, InviteForm } from '../components/invite-form';
import { toast } from '../../../lib/toast';
import { useInviteChoices } from './invite-choices';

/** SPEC §2 /admin/invite/create. */
function InviteCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const choices = useInviteChoices();

  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to="/admin/invite" size="sm">
        ← {t('invites:form.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('invites:form.createTitle')}
      </Title>
      <InviteForm
        mode="create"
        initialValues={emptyInvite}
        {...choices}
        onSubmit={async (input) => {
          await createInvite(input);
          await mutate(isInviteKey);
          toast.success(t('invites:form.created'));
          navigate('/admin/invite');
        }}
      />
    </Stack>
  );
}

export { InviteCreatePage as Component };
