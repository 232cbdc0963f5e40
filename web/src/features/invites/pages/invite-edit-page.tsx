import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { QueryState } from '../../../components/admin-page/query-state';
import { isInviteKey, updateInvite, useInvite } from '../api';
import { InviteForm, inviteToValues } from '../components/invite-form';
import { toast } from '../../../lib/toast';
import { useInviteChoices } from './invite-choices';
import { AdminPage } from '../../../components/admin-page/admin-page';

/** SPEC §2 /admin/invite/:inviteId/edit. */
function InviteEditPage() {
  const { t } = useTranslation();
  const { inviteId = '' } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useInvite(inviteId);
  const choices = useInviteChoices();

  return (
    <AdminPage title={t('invites:form.editTitle')} back={{ to: '/admin/invite', label: `← ${t('invites:form.back')}` }} maw={900}>
      <QueryState error={error} errorTitle={t('invites:form.loadError')} onRetry={() => void reload()} loading={!data} skeleton={{ h: 480 }}>
        {() => (
          <InviteForm
            key={data!.inviteId}
            mode="edit"
            initialValues={inviteToValues(data!)}
            {...choices}
            onSubmit={async ({ kind: _kind, ...input }) => {
              await updateInvite({ ...input, inviteId });
              await mutate(isInviteKey);
              toast.success(t('invites:form.saved'));
              navigate('/admin/invite');
            }}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}

export { InviteEditPage as Component };
