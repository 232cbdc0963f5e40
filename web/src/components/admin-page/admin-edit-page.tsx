import type { ReactNode } from 'react';
import { AdminPage, type AdminPageFrameProps } from './admin-page';
import { QueryState, type QueryStateProps } from './query-state';

/**
 * One admin create/edit page: back link and heading (`AdminPage`), then what its loads say (`QueryState`), then the
 * form once everything it needs has loaded. `children` is called only then.
 */
export function AdminEditPage({ children, ...props }: AdminPageFrameProps & QueryStateProps & { children: () => ReactNode }) {
  const { title, back, aside, heading, maw, ...state } = props;
  return (
    <AdminPage title={title} back={back} aside={aside} heading={heading} maw={maw}>
      <QueryState {...state}>{children}</QueryState>
    </AdminPage>
  );
}
