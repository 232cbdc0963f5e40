import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../load-error';

export interface QueryStateProps {
  /** A failed load: shown with `errorTitle` and a retry in place of the body. */
  error?: unknown;
  errorTitle: string;
  onRetry: () => void;
  /** Still loading: the skeleton (or `loader`) stands in place of the body. */
  loading: boolean;
  /** The size of the loading skeleton. */
  skeleton?: { h: number; maw?: number };
  /** In place of the skeleton, for bodies whose loading looks otherwise. */
  loader?: ReactNode;
}

/** What a page shows of its loads: the load error with a retry, a busy skeleton, or the body once loaded. */
export function QueryState({ error, errorTitle, onRetry, loading, skeleton = { h: 240, maw: 720 }, loader, children }: QueryStateProps & { children: () => ReactNode }) {
  const { t } = useTranslation();
  if (error) return <LoadError title={errorTitle} error={error} onRetry={onRetry} />;
  if (loading) return loader ?? <Skeleton h={skeleton.h} maw={skeleton.maw} role="status" aria-label={t('common:loading')} />;
  return <>{children()}</>;
}
