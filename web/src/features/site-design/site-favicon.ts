import { useEffect } from 'react';

/** The site's favicon (basic info) as the document's icon while the team's pages are shown; the product's own icon after. */
export function useSiteFavicon(url: string | null | undefined): void {
  useEffect(() => {
    if (!url) return;
    const existing = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const link = existing ?? Object.assign(document.createElement('link'), { rel: 'icon' });
    const before = existing?.getAttribute('href') ?? null;
    link.href = url;
    if (!existing) document.head.appendChild(link);
    return () => {
      if (!existing) link.remove();
      else if (before !== null) link.setAttribute('href', before);
    };
  }, [url]);
}
