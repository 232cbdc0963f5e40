import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { emailChangeRequestInput } from '../../../../shared/api/calls/profile';
import { ApiError } from '../../lib/api-error';
import { zodFieldErrors } from '../../lib/form-errors';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { confirmEmailChange, requestEmailChange } from './account-api';
import { FormSection } from '../admin-page/form-section';

/** E-mail change, verified by a code sent to the new address (step 1: address, step 2: code). */
export function EmailChange({ current, onChanged }: { current: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<{ email?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);

  const fail = (e: unknown, field: 'email' | 'code') => {
    setError({ [field]: e instanceof ApiError ? (e.fields[field] ?? e.code) : 'common/unknown' });
    toast.error(errorMessage(e));
  };

  const request = async () => {
    const invalid = zodFieldErrors(emailChangeRequestInput, { email }).email;
    if (invalid) return setError({ email: invalid });
    setBusy(true);
    try {
      await requestEmailChange(email);
      setSentTo(email.trim().toLowerCase());
      setError({});
      toast.success(t('profile:email.sent'));
    } catch (e) {
      fail(e, 'email');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await confirmEmailChange(code.trim());
      toast.success(t('profile:email.changed'));
      setSentTo(undefined);
      setEmail('');
      setCode('');
      onChanged();
    } catch (e) {
      fail(e, 'code');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormSection title={t('profile:email.title')}>
      <Text size="sm">{t('profile:email.current', { email: current })}</Text>
      {!sentTo ? (
        <Group align="flex-end">
          <TextInput
            label={t('profile:email.new')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error.email ? errorMessage(error.email) : undefined}
            w={320}
          />
          <Button loading={busy} onClick={() => void request()}>
            {t('profile:email.send')}
          </Button>
        </Group>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{t('profile:email.enterCode', { email: sentTo })}</Text>
          <Group align="flex-end">
            <TextInput
              label={t('profile:email.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={error.code ? errorMessage(error.code) : undefined}
              w={200}
            />
            <Button loading={busy} onClick={() => void confirm()}>
              {t('profile:email.confirm')}
            </Button>
            <Button variant="subtle" onClick={() => setSentTo(undefined)}>
              {t('profile:actions.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </FormSection>
  );
}
