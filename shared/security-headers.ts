/**
 * The web's security headers, once: CloudFront's response headers policy (lib/stacks/web-stack.ts) and the local
 * gateway (local/gateway.ts) both build theirs from here, so the CSP the e2e runs under is the one AWS sends.
 * The only difference is where the app's other origins are: on AWS the media distribution, the uploads bucket and
 * the user pool domain have their own hosts; locally they are paths of the gateway's own origin ('self'). Cognito's
 * user pool API is reached through the platform's own proxy on both ('self').
 */

/** The origins the app talks to besides its own; each undefined means "served by the app's own origin". */
export interface CspOrigins {
  /** The media distribution (HLS playlists and segments, subtitles, PDFs, thumbnails). */
  media?: string;
  /** The uploads bucket (presigned PUTs of uploads, presigned GETs of images being edited). */
  uploads?: string;
  /**
   * Cognito's user pool API, were Amplify to call it directly. Unset on AWS and locally: Amplify calls the platform's
   * proxy in front of it (`/api/cognito`, `/cognito`: lambdas/auth/cognito-proxy.ts), which 'self' covers.
   */
  cognito?: string;
  /** The user pool domain's managed login, where the web trades a federated sign-in's code for tokens (/oauth2/token). */
  federation?: string;
}

/**
 * Google's documented minimum for GA4 (gtag.js) and a Tag Manager container, which basic info can set per team
 * (web/src/features/site-design/analytics-tags.ts). https://developers.google.com/tag-platform/security/guides/csp
 */
export const GOOGLE_TAG_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

/** The Content-Security-Policy value: what the SPA really loads and nothing more. */
export function contentSecurityPolicy(origins: CspOrigins = {}): string {
  const own = (...extra: (string | undefined)[]) => ["'self'", ...extra.filter((v): v is string => Boolean(v))].join(' ');
  const { media, uploads, cognito, federation } = origins;
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets pdf.js compile its bundled JBIG2 / JPEG 2000 decoders (WebAssembly), not eval JS.
    `script-src ${own("'wasm-unsafe-eval'", ...GOOGLE_TAG_SOURCES.script)}`,
    // Mantine writes <style> elements and style attributes at runtime.
    "style-src 'self' 'unsafe-inline'",
    // data: the TOTP QR code and Mantine's inline SVG; blob: pdf.js page images and cropped thumbnails.
    `img-src ${own('data:', 'blob:', media, uploads, ...GOOGLE_TAG_SOURCES.img)}`,
    // blob: hls.js plays through MediaSource object URLs; subtitles come from the media host.
    `media-src ${own('blob:', media)}`,
    // Amplify -> Cognito; the federated code exchange; hls.js and pdf.js fetch from the media host; uploads PUT to presigned URLs.
    `connect-src ${own(cognito, federation, media, uploads, ...GOOGLE_TAG_SOURCES.connect)}`,
    "font-src 'self' data:",
    // hls.js and pdf.js run workers (a build chunk, or a blob).
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The other security headers, as CloudFront's policy sets them (and as their header values). */
export const SECURITY_HEADER_SETTINGS = {
  hstsMaxAgeSeconds: 2 * 365 * 24 * 60 * 60,
  hstsIncludeSubdomains: true,
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

/** Every header the web's responses carry (lower-case names), pages and API answers alike (CloudFront adds them to both). */
export function webSecurityHeaders(origins: CspOrigins = {}): Record<string, string> {
  const s = SECURITY_HEADER_SETTINGS;
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'strict-transport-security': `max-age=${s.hstsMaxAgeSeconds}${s.hstsIncludeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': s.frameOptions,
    'referrer-policy': s.referrerPolicy,
  };
}

/** What every API answer carries from the handler itself (API Gateway adds nothing): JSON is never sniffed as HTML. */
export const API_SECURITY_HEADERS = { 'x-content-type-options': 'nosniff' } as const;
