import { platformConfig } from '../config';
import { awsMediaSigning } from './aws';
import { localMediaSigning } from './local';
import type { MediaSigningAdapter } from './types';

export type { GrantedResource } from './types';

/** The media-signing port: CloudFront signed cookies and URLs in AWS, HMAC grants checked by the local gateway here. */
export const mediaSigning = (): MediaSigningAdapter => (platformConfig().mode === 'local' ? localMediaSigning : awsMediaSigning);
