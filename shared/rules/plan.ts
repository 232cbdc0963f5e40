import type { AnyErrorCode } from '../error-catalogue';

/** SPEC §9: an upload fits when what is stored plus the new file stays within the plan's quota. */
export const checkUploadQuota = (usedBytes: number, newBytes: number, quotaBytes: number): AnyErrorCode | undefined =>
  usedBytes + newBytes <= quotaBytes ? undefined : 'plan/upload_quota_exceeded';
