import type { ComponentType } from 'react';
import type { ContentItemType } from '../../../../shared/api/calls/content-items';

/** One page component per type, made once: a route module's `Component` must keep its identity across renders. */
export function pagePerType(Page: ComponentType<{ type: ContentItemType }>): (type: ContentItemType) => ComponentType {
  const pages = new Map<ContentItemType, ComponentType>();
  return (type) => {
    let page = pages.get(type);
    if (!page) {
      page = () => <Page type={type} />;
      pages.set(type, page);
    }
    return page;
  };
}
