import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { AccountDelete } from '../../../components/account/account-delete';
import { EmailChange } from '../../../components/account/email-change';
import { PasswordChange } from '../../../components/account/password-change';
import { QueryState } from '../../../components/admin-page/query-state';
import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/i18n';
import { useSignOut } from '../../../lib/sign-out';
import { useMemberProfile } from '../api';
import { DeletionConsequences } from '../components/deletion-consequences';
import { MemberProfileForm } from '../components/member-profile-form';

/** The member's subscriptions with their cancel, restart and price change (features/purchases, filled by router.tsx). */
export interface MemberSettingsSlots {
  Subscriptions: ComponentType<{ base: string }>;
}

/**
 * SPEC §2 /user/:teamId/setting: name, custom fields, notifications, language, e-mail (confirmed by a code mailed to
 * the new address), password, payments (history, subscriptions and their price change) and account deletion.
 */
function MemberSettingsPage({ slots }: { slots: MemberSettingsSlots }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { teamId = '' } = useParams();
  const base = `/user/${encodeURIComponent(teamId)}`;
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useMemberProfile();
  const signOut = useSignOut();
  // The header greets the member by name: refresh everything that may hold it.
  const refresh = () => void mutate(() => true);
  const leave = async () => {
    if (!(await signOut())) return;
    navigate(`/login/${encodeURIComponent(teamId)}`, { replace: true });
  };
  const { Subscriptions } = slots;

  return (
    <Stack gap="lg" maw={960}>
      <PageHeading title={t('membersettings:title')} />
      <QueryState error={error} errorTitle={t('membersettings:loadError')} onRetry={() => void reload()} loading={!data} skeleton={{ h: 240 }}>
        {() => (
          <>
            <MemberProfileForm profile={data!.profile} onSaved={refresh} />
            <EmailChange current={data!.profile.email} onChanged={refresh} />
            <PasswordChange complexPassword={data!.profile.complexPassword} />
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
              <Stack>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h4">
                    {t('membersettings:payments.title')}
                  </Title>
                  <Anchor component={Link} to={`${base}/setting/paid_history`} size="sm">
                    {t('membersettings:payments.history')}
                  </Anchor>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('membersettings:payments.body')}
                </Text>
                <Subscriptions base={base} />
              </Stack>
            </Paper>
            <AccountDelete
              from="member"
              onDeleted={leave}
              // SPEC §6: an administrator never deletes their account from the member page (the server refuses it too).
              blockedBy={data!.profile.role === 'admin' ? 'deletion/admin_from_member_page' : data!.profile.deletion.blockedBy}
              consequences={<DeletionConsequences preview={data!.profile.deletion} />}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

export const memberSettingsPage = (slots: MemberSettingsSlots) =>
  function MemberSettings() {
    return <MemberSettingsPage slots={slots} />;
  };
