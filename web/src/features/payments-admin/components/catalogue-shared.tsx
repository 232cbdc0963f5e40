import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { currencyMinorDigits, type Currency } from '../../../../../shared/constants';
import { formatPriceAmount } from '../../../../../shared/rules/price';
import { LoadError } from '../../../components/load-error';
import { amountLocale } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { isNotConnected } from '../api';

/** SPEC §8 `payment/not_connected`: the catalogue waits for the team's Stripe account; the way there. */
export function NotConnectedNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconPlugConnectedX aria-hidden />} title={t('payments:notConnected.title')} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage('payment/not_connected')}</Text>
        <Button component={Link} to="/admin/payment" size="xs" variant="white" color="yellow">
          {t('payments:notConnected.link')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A failed catalogue load: the connect notice when the team has no account yet, else the error with a retry. */
export function CatalogueLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return isNotConnected(error) ? <NotConnectedNotice /> : <LoadError title={title} error={error} onRetry={onRetry} />;
}

const sections = [
  { key: 'products', path: '/admin/stripe/product' },
  { key: 'coupons', path: '/admin/stripe/coupon' },
  { key: 'taxRates', path: '/admin/stripe/tax_rate' },
] as const;

/** The Stripe catalogue's three lists (one menu entry leads to them all). */
export function CatalogueNav({ current }: { current: (typeof sections)[number]['key'] }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" component="nav" aria-label={t('payments:catalogue.nav')}>
      {sections.map((s) => (
        <Button
          key={s.key}
          component={Link}
          to={s.path}
          size="xs"
          variant={s.key === current ? 'light' : 'subtle'}
          aria-current={s.key === current ? 'page' : undefined}
        >
          {t(`payments:catalogue.${s.key}`)}
        </Button>
      ))}
      <Anchor component={Link} to="/admin/payment" size="xs" ml="auto">
        {t('payments:catalogue.connection')}
      </Anchor>
    </Group>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {t(active ? 'payments:status.active' : 'payments:status.inactive')}
    </Badge>
  );
}

/** The Intl locale of the UI language, for amounts. */
/** An amount in the smallest unit (yen, cents) as the reader's language shows it. */
export function useFormatAmount() {
  const { i18n } = useTranslation();
  return (amount: number, currency: Currency) => formatPriceAmount(amount, currency, amountLocale(i18n.language));
}

/** What an amount input holds (yen, or dollars with cents) to the smallest unit Stripe counts; NaN stays NaN. */
export const toMinorUnits = (value: number, currency: Currency) => Math.round(value * 10 ** currencyMinorDigits[currency]);
export const fromMinorUnits = (amount: number, currency: Currency) => amount / 10 ** currencyMinorDigits[currency];
export const amountDecimals = (currency: Currency) => currencyMinorDigits[currency];

/** A number input's value (`''` when empty) as a number or undefined. */
export const optionalNumber = (value: number | string): number | undefined => (value === '' || value === undefined ? undefined : Number(value));

/** A form field's message code (from the shared schema or the server's `fields`) as text, with its limits. */
export function fieldMessage(errors: Record<string, unknown>, field: string, values: Record<string, string | number> = {}): string | undefined {
  const c = errors[field];
  return typeof c === 'string' ? errorMessage(c, values) : undefined;
}
