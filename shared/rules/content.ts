import { AI_PROCESSING_MAX_BYTES } from '../constants';
import type { ValidationCode } from './issues';

/** SPEC §5: a public content cannot also be limited to groups. */
export const checkPublicGroups = (content: {
  isPublic: boolean;
  groupIds: readonly string[];
}): ValidationCode | undefined =>
  content.isPublic && content.groupIds.length > 0 ? 'validation/public_content_with_groups' : undefined;

/** SPEC §5: a thumbnail is saved only after its crop is confirmed. */
export const checkThumbnailCrop = (confirmed: boolean): ValidationCode | undefined =>
  confirmed ? undefined : 'validation/thumbnail_crop_unconfirmed';

/** SPEC §5/§9: AI overview and chapters work on files up to 5 GB. */
export const checkAiProcessingSize = (bytes: number): ValidationCode | undefined =>
  bytes <= AI_PROCESSING_MAX_BYTES ? undefined : 'validation/ai_file_too_large';
