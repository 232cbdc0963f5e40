/** SPEC §3 site settings: the analytics tag id (Google Analytics 4 measurement id) and the tag manager container id. */
export const GA4_ID = /^G-[A-Z0-9]{4,20}$/;
export const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
