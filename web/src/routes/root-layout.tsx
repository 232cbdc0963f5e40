import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';

/**
 * The app frame: each new address starts at the top of the page; a page loading for the first time shows the
 * loader; an error any page throws shows the error page, and leaving the address clears it.
 */
export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // A block body: Chromium's scrollTo now returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}
