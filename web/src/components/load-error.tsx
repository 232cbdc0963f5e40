import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage, useTranslation } from '../lib/i18n';

interface LoadErrorProps {
  /** What failed to load, in the reader's words (e.g. "Could not load the dashboard"), when the place does not say it. */
  title?: string;
  error: unknown;
  onRetry: () => void;
  /** Said in place of the error's own message (e.g. a page's "check your connection"). */
  message?: string;
  /** null: no icon. */
  icon?: ReactNode;
  maw?: number;
}

/** A failed load: what failed, why (the SPEC §8 message), and a retry. */
export function LoadError({ title, error, onRetry, message, icon = <IconAlertTriangle aria-hidden />, maw }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title} icon={icon} role="alert" maw={maw}>
      {message ?? errorMessage(error)}
      <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry} display="block">
        {t('common:actions.retry')}
      </Button>
    </Alert>
  );
}
