import { Alert, Badge, Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandStripe, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PaymentConnection as Connection } from '../../../../../shared/api/calls/payments';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { LoadError } from '../../../components/load-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { disconnect, startConnect, useConnection } from '../api';
import { PageHeading } from '../../../components/page-heading';

const stateColor: Record<Connection['state'], string> = { none: 'gray', onboarding: 'yellow', connected: 'teal' };

/** SPEC §2 /admin/payment: the team's Stripe account (connect, finish onboarding, disconnect). */
export function PaymentConnection() {
  const { t } = useTranslation();
  const connection = useConnection();
  const [search, setSearch] = useSearchParams();
  // Stripe sends the operator back with `?onboarding=return` (done or left) or `=refresh` (the link expired).
  const [returned] = useState(() => search.get('onboarding'));
  const { mutate } = connection;
  useEffect(() => {
    if (returned === 'return' || returned === 'refresh') void mutate();
  }, [returned, mutate]);

  const dismissNotice = () => {
    const next = new URLSearchParams(search);
    next.delete('onboarding');
    setSearch(next, { replace: true });
  };
  const notice = search.get('onboarding');

  return (
    <Stack gap="lg" maw={760}>
      <PageHeading title={t('payments:connection.title')} description={t('payments:connection.intro')} />
      {(notice === 'return' || notice === 'refresh') && connection.data && (
        <Alert
          color={connection.data.state === 'connected' ? 'teal' : 'blue'}
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          withCloseButton
          closeButtonLabel={t('common:actions.close')}
          onClose={dismissNotice}
          role="status"
        >
          {connection.data.state === 'connected'
            ? t('payments:connection.notice.connected')
            : notice === 'refresh'
              ? t('payments:connection.notice.refresh')
              : t('payments:connection.notice.incomplete')}
        </Alert>
      )}
      {connection.error ? (
        <LoadError title={t('payments:connection.loadError')} error={connection.error} onRetry={() => void connection.mutate()} />
      ) : !connection.data ? (
        <Skeleton h={180} role="status" aria-label={t('common:loading')} />
      ) : (
        <ConnectionCard connection={connection.data} onChanged={(c) => void connection.mutate(c, { revalidate: false })} />
      )}
    </Stack>
  );
}

function ConnectionCard({ connection, onChanged }: { connection: Connection; onChanged: (c: Connection) => void }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { state } = connection;

  const start = async () => {
    setStarting(true);
    try {
      const { url } = await startConnect();
      window.location.assign(url);
    } catch (e) {
      toast.error(errorMessage(e));
      setStarting(false);
    }
  };

  const confirmDisconnect = async () => {
    try {
      onChanged(await disconnect());
      toast.success(t('payments:connection.disconnected'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setConfirming(false);
    }
  };

  const yesNo = (v: boolean) => t(v ? 'payments:connection.yes' : 'payments:connection.no');

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <IconBrandStripe size={28} aria-hidden />
            <Title order={2} size="h4">
              {t('payments:connection.cardTitle')}
            </Title>
          </Group>
          <Badge color={stateColor[state]} variant="light" size="lg">
            {t(`payments:connection.state.${state}`)}
          </Badge>
        </Group>
        <Text size="sm">{t(`payments:connection.stateHint.${state}`)}</Text>
        {connection.accountId && (
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('payments:connection.accountId')}
              </Text>
              <Code>{connection.accountId}</Code>
            </Group>
            <Text size="sm">{t('payments:connection.chargesEnabled', { value: yesNo(connection.chargesEnabled) })}</Text>
            <Text size="sm">{t('payments:connection.detailsSubmitted', { value: yesNo(connection.detailsSubmitted) })}</Text>
          </Stack>
        )}
        <Group>
          {state !== 'connected' && (
            <Button loading={starting} onClick={() => void start()} leftSection={<IconBrandStripe size={16} aria-hidden />}>
              {t(state === 'none' ? 'payments:connection.connect' : 'payments:connection.continue')}
            </Button>
          )}
          {state === 'connected' && (
            <Button component={Link} to="/admin/stripe/product" variant="light">
              {t('payments:connection.manageCatalogue')}
            </Button>
          )}
          {state !== 'none' && (
            <Button color="red" variant="subtle" onClick={() => setConfirming(true)}>
              {t('payments:connection.disconnect')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDelete
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDisconnect}
        title={t('payments:connection.disconnectTitle')}
        body={t('payments:connection.disconnectBody')}
        confirmLabel={t('payments:connection.disconnect')}
        cancelLabel={t('payments:actions.cancel')}
      />
    </Paper>
  );
}
