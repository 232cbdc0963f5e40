import { describe, expect, it } from 'vitest';
import { MAX_PARTS, MIN_PART_BYTES } from '../../../shared/api/calls/uploads';
import { checkFile } from '../../../lambdas/core/media/file-upload';
import { changeUsageOp, fitsQuota } from '../../../lambdas/core/entities/upload-usage';
import { checkVideoFileType, partPlan } from '../../../lambdas/media/video-upload';
import { moveVersionOp } from '../../../lambdas/core/entities/video-version';

const TEAM = '01TEAM00000000000000000000';

describe('video file type', () => {
  it('accepts a video MIME type with one of its extensions only', () => {
    expect(checkVideoFileType('clip.MP4', 'video/mp4')).toBeUndefined();
    expect(checkVideoFileType('clip.mov', 'video/quicktime')).toBeUndefined();
    expect(checkVideoFileType('clip.mov', 'video/mp4')).toBe('fileName');
    expect(checkVideoFileType('clip', 'video/mp4')).toBe('fileName');
    expect(checkVideoFileType('photo.jpg', 'image/jpeg')).toBe('contentType');
  });
});

describe('small files', () => {
  it('checks type, extension and size per kind', () => {
    expect(checkFile('thumbnail', 'a.png', 'image/png', 1000)).toBeUndefined();
    expect(checkFile('thumbnail', 'a.png', 'image/png', 5 * 1024 ** 2 + 1)).toBe('sizeBytes');
    expect(checkFile('subtitle', 'a.vtt', 'text/vtt', 100)).toBeUndefined();
    expect(checkFile('subtitle', 'a.srt', 'text/vtt', 100)).toBe('fileName');
    expect(checkFile('attachment', 'notes.pdf', 'application/pdf', 100)).toBeUndefined();
    expect(checkFile('attachment', 'notes.pdf', 'not a type', 100)).toBe('contentType');
  });
});

describe('multipart plan', () => {
  it('uses the minimum part size for ordinary files and grows it for huge ones', () => {
    expect(partPlan(1000)).toEqual({ partSize: MIN_PART_BYTES, partCount: 1 });
    expect(partPlan(MIN_PART_BYTES * 3 + 1)).toEqual({ partSize: MIN_PART_BYTES, partCount: 4 });
    const huge = partPlan(200 * 1024 ** 3);
    expect(huge.partCount).toBeLessThanOrEqual(MAX_PARTS);
    expect(huge.partSize % 1024 ** 2).toBe(0);
  });
});

describe('quota', () => {
  it('fits up to the quota exactly', () => {
    expect(fitsQuota(90, 10, 100)).toBe(true);
    expect(fitsQuota(90, 11, 100)).toBe(false);
  });
  it('conditions an increase on the total staying within the quota; a decrease never fails', () => {
    const up = changeUsageOp(TEAM, 10, 100);
    expect('update' in up && up.update.condition).toBe('attribute_not_exists(usedBytes) OR usedBytes <= :limit');
    expect('update' in up && up.update.values).toEqual({ ':limit': 90 });
    const down = changeUsageOp(TEAM, -10, 100);
    expect('update' in down && down.update.condition).toBeUndefined();
  });
});

describe('version state moves', () => {
  it('are conditional on the state left, the attempt and the upload', () => {
    const op = moveVersionOp(TEAM, { videoId: 'V1', number: 2 }, { from: ['encoding'], attemptId: 'A1', set: { state: 'ready' } });
    expect('update' in op && op.update.key).toEqual({ pk: `T#${TEAM}#VIDEOVERSION#V1`, sk: 'V#000002' });
    expect('update' in op && op.update.condition).toBe('#state IN (:from0) AND #attempt = :attempt');
    const upload = moveVersionOp(TEAM, { videoId: 'V1', number: 1 }, { from: ['uploading'], uploadId: 'U', set: { state: 'waiting' } });
    expect('update' in upload && upload.update.condition).toBe('#state IN (:from0) AND #upload.#uploadId = :uploadId');
  });
});
