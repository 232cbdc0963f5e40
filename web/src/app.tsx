import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { ToastHost } from './components/toast-host';
import { ApiError } from './lib/api-error';
import { AppRoutes, appRoutes } from './router';
import { theme } from './theme';

/** Client errors (4xx) will not fix themselves; retrying them only delays the message. */
const shouldRetryOnError = (error: unknown): boolean => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function App() {
  const [routes] = useState(appRoutes);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ToastHost />
      <SWRConfig value={{ shouldRetryOnError, errorRetryCount: 2, revalidateOnFocus: false }}>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </SWRConfig>
    </MantineProvider>
  );
}
