import { Alert, Button, Code, Group, Image, PinInput, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorCodeOf } from '../lib/api-error';
import { finishTotpSetup, isTotpEnabled, removeTotp, startTotpSetup } from '../lib/auth';
import { errorMessage, useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';
import type { AsyncAction } from '../lib/async-action';

interface TotpSetupProps {
  /** Shown by the authenticator app next to the code (the site's name). */
  issuer: string;
  /** The account's e-mail, shown by the app under the issuer. */
  accountName: string;
  /** Called after enrolment was verified (e.g. to continue the login). */
  onEnrolled?: () => void;
  /** Offer removal when enrolled (the admin profile; not the member's forced enrolment). */
  allowRemoval?: boolean;
}

type Stage = { kind: 'loading' } | { kind: 'off' } | { kind: 'scan'; secret: string; qr: string } | { kind: 'on' };

/**
 * Two-factor enrolment with an authenticator app (TOTP): a QR code of the otpauth URI (and its secret
 * for typing), then the first code to verify; removal when allowed. Embeddable (admin profile, /two_factor).
 */
export function TotpSetup({ issuer, accountName, onEnrolled, allowRemoval = false }: TotpSetupProps) {
  const { t } = useTranslation('security', { keyPrefix: 'twoFactor' });
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    isTotpEnabled().then(
      (on) => active && setStage({ kind: on ? 'on' : 'off' }),
      () => active && setStage({ kind: 'off' }),
    );
    return () => {
      active = false;
    };
  }, []);

  const run = async (work: AsyncAction) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(errorMessage(errorCodeOf(error)));
      return false;
    } finally {
      setBusy(false);
    }
    return true;
  };

  const start = () =>
    run(async () => {
      const { secret, uri } = await startTotpSetup(issuer, accountName);
      // qrcode (about 25 KB) is loaded only by the people who set up two-factor.
      const { toDataURL } = await import('qrcode');
      setStage({ kind: 'scan', secret, qr: await toDataURL(uri, { margin: 1, width: 200 }) });
    });

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(code)) {
      setCodeError(code ? 'validation/invalid_two_factor_code' : 'validation/required');
      return;
    }
    setCodeError(undefined);
    const ok = await run(() => finishTotpSetup(code));
    setCode('');
    if (!ok) return;
    setStage({ kind: 'on' });
    toast.success(t('enrolled'));
    onEnrolled?.();
  };

  const remove = () =>
    run(async () => {
      await removeTotp();
      setStage({ kind: 'off' });
      toast.success(t('removed'));
    });

  if (stage.kind === 'loading') return null;
  if (stage.kind === 'on') {
    return (
      <Stack gap="sm">
        <Alert color="teal" variant="light" icon={<IconShieldCheck aria-hidden />}>
          {t('statusOn')}
        </Alert>
        {allowRemoval && (
          <Group>
            <Button variant="default" color="red" onClick={remove} loading={busy}>
              {t('remove')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  if (stage.kind === 'off') {
    return (
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        <Group>
          <Button onClick={start} loading={busy}>
            {t('start')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('scan')}</Text>
        <Image src={stage.qr} alt={t('qrAlt')} w={200} h={200} />
        <Text size="sm">
          {t('secret')} <Code data-testid="totp-secret">{stage.secret}</Code>
        </Text>
        <Text component="label" htmlFor="totp-setup-code" size="sm" fw={500}>
          {t('code')}
        </Text>
        <PinInput id="totp-setup-code" length={6} type="number" oneTimeCode value={code} onChange={setCode} error={Boolean(codeError)} aria-label={t('code')} />
        {codeError && (
          <Text size="xs" c="red">
            {errorMessage(codeError)}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('verify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
