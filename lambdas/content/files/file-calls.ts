import { createFileCall, deleteFileCall, getFilesCall, listFilesCall } from '../../../shared/api/calls/files';
import { AppError } from '../../core/http/app-error';
import { implement, teamOf, type CallImpl } from '../../core/http/implement';
import { checkStoredFile } from '../../core/media/file-upload';
import { deleteObject, headObject } from '../../platform/storage';
import { createLibraryFile, deleteLibraryFile, getLibraryFiles, listLibraryFiles } from '../../core/entities/library-file';

/** SPEC §2 /admin/filelist. */
export const fileCalls: CallImpl[] = [
  implement(listFilesCall, async (input, ctx) => listLibraryFiles(teamOf(ctx).teamId, input)),
  implement(getFilesCall, async ({ ids }, ctx) => getLibraryFiles(teamOf(ctx).teamId, ids)),
  implement(createFileCall, async ({ key, name }, ctx) => {
    const { teamId } = teamOf(ctx);
    // The upload was typed and size-limited when it was signed (`/upload/file/start`, kind attachment); its size
    // and type are read back from storage, never taken from the body.
    const problem = await checkStoredFile(teamId, 'attachment', key);
    const head = problem ? undefined : await headObject('media', key);
    if (!head) throw new AppError('common/invalid_input', { key: problem ?? 'validation/invalid_value' });
    return createLibraryFile(teamId, { key, name, sizeBytes: head.size, contentType: head.contentType ?? 'application/octet-stream' });
  }),
  implement(deleteFileCall, async ({ id }, ctx) => {
    const { teamId } = teamOf(ctx);
    const result = await deleteLibraryFile(teamId, id);
    if (result.outcome !== 'deleted') throw new AppError(result.outcome === 'inUse' ? 'deletion/file_in_use' : 'common/not_found');
    await deleteObject('media', result.file.key);
    return {};
  }),
];
