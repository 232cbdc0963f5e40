import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { ToastHost } from './components/toast-host';
import { ApiError } from './lib/api-error';
import { siteCssVariables, siteMantineTheme, useActiveSiteTheme } from './lib/site-theme';
import { AppRoutes, appRoutes } from './router';
import { productCssVariables, theme } from './theme';

/** Client errors (4xx) will not fix themselves; retrying them only delays the message. */
const shouldRetryOnError = (error: unknown): boolean => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** A team's design variables over the product's own (the design's win where both set one). */
const withProductVariables =
  (site: CSSVariablesResolver): CSSVariablesResolver =>
  (t) => {
    const base = productCssVariables(t);
    const own = site(t);
    return { variables: { ...base.variables, ...own.variables }, light: { ...base.light, ...own.light }, dark: { ...base.dark, ...own.dark } };
  };

export function App() {
  const [routes] = useState(appRoutes);
  // A team's design (member area, catalog, /lp/:teamId) while one of its pages is shown: lib/site-theme.ts.
  const site = useActiveSiteTheme();
  const siteTheme = useMemo(() => (site ? { theme: siteMantineTheme(theme, site), cssVariablesResolver: withProductVariables(siteCssVariables(site)) } : undefined), [site]);
  return (
    <MantineProvider
      theme={siteTheme?.theme ?? theme}
      defaultColorScheme="light"
      forceColorScheme={site?.theme}
      cssVariablesResolver={siteTheme?.cssVariablesResolver ?? productCssVariables}
    >
      <ToastHost />
      <SWRConfig value={{ shouldRetryOnError, errorRetryCount: 2, revalidateOnFocus: false }}>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </SWRConfig>
    </MantineProvider>
  );
}
