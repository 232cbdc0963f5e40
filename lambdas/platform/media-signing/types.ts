/** One media resource a grant covers: an exact key, or a prefix (every key under it). */
export interface GrantedResource {
  key: string;
  prefix: boolean;
}

/** The media-signing port: playback grants (cookies) and signed URLs for media objects, after the caller's access check. */
export interface MediaSigningAdapter {
  /** The URL a browser fetches `key` at (CloudFront's media host, or the local gateway's `/media/`). */
  urlOf(key: string): Promise<string>;
  /** Set-Cookie values that let the browser fetch the resources until `expires` (epoch seconds). */
  grantCookies(resources: readonly GrantedResource[], expires: number, ttlSeconds: number): Promise<string[]>;
  /** A signed URL for one object until `expires` (epoch seconds). */
  signUrl(key: string, expires: number): Promise<string>;
}
