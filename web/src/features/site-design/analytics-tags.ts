import { useEffect } from 'react';
import { GA4_ID, GTM_ID } from '../../../../shared/rules/site-tags';

type TagWindow = Window & { dataLayer?: unknown[] };

const GA_SCRIPT_ID = 'site-analytics-ga4';
const GTM_SCRIPT_ID = 'site-analytics-gtm';

function addScript(id: string, src: string): void {
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Google Analytics 4 (gtag.js) for `measurementId`, as Google's snippet sets it up. */
function loadGa4(measurementId: string): void {
  const w = window as TagWindow;
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', measurementId);
  addScript(GA_SCRIPT_ID, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
}

/** Google Tag Manager's container `containerId`, as Google's snippet loads it. */
function loadGtm(containerId: string): void {
  const w = window as TagWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript(GTM_SCRIPT_ID, `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`);
}

/**
 * SPEC §3 site settings: the member pages load the team's analytics tag and tag manager container when basic info
 * sets them, once per page load (a tag cannot be unloaded; a later page of the visit finds it there). Nothing is
 * added while they are unset, and an id of the wrong shape is never put into a script address.
 */
export function useAnalyticsTags(tags: { analyticsTagId: string; tagManagerId: string } | undefined): void {
  const ga = tags?.analyticsTagId ?? '';
  const gtm = tags?.tagManagerId ?? '';
  useEffect(() => {
    if (GA4_ID.test(ga) && !document.getElementById(GA_SCRIPT_ID)) loadGa4(ga);
    if (GTM_ID.test(gtm) && !document.getElementById(GTM_SCRIPT_ID)) loadGtm(gtm);
  }, [ga, gtm]);
}
