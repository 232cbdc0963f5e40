import { describe, expect, it } from 'vitest';
import { AI_PROCESSING_MAX_BYTES, TRIAL_UPLOAD_BYTES } from '../../../shared/constants';
import { checkTypedCount } from '../../../shared/rules/bulk-delete';
import { checkAiProcessingSize, checkPublicGroups, checkThumbnailCrop } from '../../../shared/rules/content';
import { checkUploadQuota } from '../../../shared/rules/plan';

describe('content rules (SPEC §5)', () => {
  it('public content cannot be limited to groups', () => {
    expect(checkPublicGroups({ isPublic: true, groupIds: ['g1'] })).toBe('validation/public_content_with_groups');
    expect(checkPublicGroups({ isPublic: true, groupIds: [] })).toBeUndefined();
    expect(checkPublicGroups({ isPublic: false, groupIds: ['g1'] })).toBeUndefined();
  });
  it('thumbnail crop must be confirmed', () => {
    expect(checkThumbnailCrop(false)).toBe('validation/thumbnail_crop_unconfirmed');
    expect(checkThumbnailCrop(true)).toBeUndefined();
  });
  it('AI processing takes files up to 5 GB', () => {
    expect(checkAiProcessingSize(AI_PROCESSING_MAX_BYTES)).toBeUndefined();
    expect(checkAiProcessingSize(AI_PROCESSING_MAX_BYTES + 1)).toBe('validation/ai_file_too_large');
  });
});

describe('bulk delete (SPEC §5: type the item count)', () => {
  it('goes ahead only on the exact count', () => {
    expect(checkTypedCount('12', 12)).toBeUndefined();
    expect(checkTypedCount(' １２ ', 12)).toBeUndefined();
    expect(checkTypedCount('11', 12)).toBe('validation/typed_count_mismatch');
    expect(checkTypedCount('', 0)).toBe('validation/typed_count_mismatch');
    expect(checkTypedCount('12件', 12)).toBe('validation/typed_count_mismatch');
  });
});

describe('upload quota (SPEC §9)', () => {
  it('fills the trial quota exactly and refuses one byte more', () => {
    expect(checkUploadQuota(TRIAL_UPLOAD_BYTES - 100, 100, TRIAL_UPLOAD_BYTES)).toBeUndefined();
    expect(checkUploadQuota(TRIAL_UPLOAD_BYTES - 100, 101, TRIAL_UPLOAD_BYTES)).toBe('plan/upload_quota_exceeded');
  });
});
