import { createElement, lazy, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { Navigate, useLocation, useParams, type Params } from 'react-router';
import { PageLoader } from './page-loader';
import type { AsyncAction } from '../lib/async-action';

/** Where a page sends a visitor who may not see it (e.g. to the login), or null to show it. */
export type RouteGuard = AsyncAction<[at: { params: Params; url: URL }], string | null>;

/** What a lazy route's module exports: its page and, for an area's frame, the guard run before it shows. */
export interface RouteModule {
  Component: ComponentType;
  guard?: RouteGuard;
}

/**
 * Runs the guard once per set of route params (e.g. the team of /user/:teamId) before showing the page: the
 * page of an area never mounts for someone the guard sends away.
 */
function Guarded({ guard, children }: { guard: RouteGuard; children: ReactElement }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  const key = JSON.stringify(params);
  const [verdict, setVerdict] = useState<{ key: string; to: string | null }>();
  useEffect(() => {
    let live = true;
    void guard({ params, url: new URL(pathname + search, window.location.origin) }).then((to) => live && setVerdict({ key, to }));
    return () => {
      live = false;
    };
    // The guard answers for the params; moving between pages of the same area does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (verdict?.key !== key) return <PageLoader />;
  return verdict.to ? <Navigate to={verdict.to} replace /> : children;
}

/**
 * A route element whose page chunk and i18n namespaces load together (a member never downloads admin code, a
 * page never paints untranslated keys). The lazy component is made once per route, when the table is built.
 */
export function lazyRoute(load: AsyncAction<[], RouteModule>, loadNamespaces: AsyncAction<string[], unknown>, ...namespaces: string[]): ReactElement {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    const { Component, guard } = module;
    return { default: guard ? () => <Guarded guard={guard}>{createElement(Component)}</Guarded> : Component };
  });
  return <Page />;
}
