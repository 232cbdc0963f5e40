import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** The app frame: a thin progress bar while the next page's chunk and data load. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          aria-label={t('common:loading')}
          style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
