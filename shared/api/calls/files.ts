import * as z from 'zod/mini';
import { requiredText } from '../../rules/account';
import { invalidValue } from '../../rules/issues';
import { defineCall } from '../define';
import { pageInput, type Page } from '../page';
import { contentIdSchema, fileKeySchema } from './categories';

/**
 * SPEC §2 /admin/filelist: the team's library of attachment files. A file is uploaded once (`/upload/file/start`,
 * kind `attachment`), registered here, and attached to videos, PDFs, articles and lives by id. SPEC §8: a file
 * in use cannot be deleted.
 */
export const FILE_NAME_MAX_LENGTH = 200;

export interface LibraryFile {
  id: string;
  name: string;
  sizeBytes: number;
  contentType: string;
  /** The object in the media bucket (never public: members get a signed URL while the content is visible). */
  key: string;
  uploadedAt: string;
  /** How many content items attach it. */
  usageCount: number;
}

/** A file as a member page lists it: the download URL only while the member may open the content. */
export interface AttachedFile {
  id: string;
  name: string;
  sizeBytes: number;
  url?: string;
}

const permission = 'admin.contents';
const listInput = z.object({ ...pageInput(20, 100) }, invalidValue);
const createInput = z.object({ key: fileKeySchema, name: requiredText(FILE_NAME_MAX_LENGTH) }, invalidValue);
const idInput = z.object({ id: contentIdSchema }, invalidValue);
const idsInput = z.object(
  { ids: z.array(contentIdSchema, invalidValue).check(z.minLength(1, invalidValue), z.maxLength(100, invalidValue)) },
  invalidValue,
);

/** Newest upload first, one Query a page. */
export const listFilesCall = defineCall<typeof listInput, Page<LibraryFile>>()({ path: '/file/list', domain: 'content', permission, input: listInput });
/** Several files by id (a content form's attached files), unknown ids left out. */
export const getFilesCall = defineCall<typeof idsInput, LibraryFile[]>()({ path: '/file/get', domain: 'content', permission, input: idsInput });
/** Registers an uploaded attachment (its size and type are read from storage, not from the body). */
export const createFileCall = defineCall<typeof createInput, LibraryFile>()({ path: '/file/create', domain: 'content', permission, input: createInput });
/** 409 `deletion/file_in_use` while a content attaches it. */
export const deleteFileCall = defineCall<typeof idInput, Record<string, never>>()({ path: '/file/delete', domain: 'content', permission, input: idInput });
