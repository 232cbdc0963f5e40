import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { ToastHost } from './components/toast-host';
import { ApiError } from './lib/api-error';
import { createAppRouter } from './router';
import { theme } from './theme';

/** Client errors (4xx) will not fix themselves; retrying them only delays the message. */
const shouldRetryOnError = (error: unknown): boolean => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ToastHost />
      <SWRConfig value={{ shouldRetryOnError, errorRetryCount: 2, revalidateOnFocus: false }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </MantineProvider>
  );
}
