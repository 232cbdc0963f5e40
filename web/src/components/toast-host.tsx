import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastHostWanted, subscribeToastHost } from '../lib/toast';

// Mantine's notifications (and their transitions) load with the first toast, not with every page's first load.
const Toasts = lazy(() => import('./toasts'));

/** Mounts the toast area once the first toast is asked for. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToastHost, toastHostWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
