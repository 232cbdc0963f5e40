import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

/** Any error a page throws while rendering ends on the error page (reset when the address changes). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
