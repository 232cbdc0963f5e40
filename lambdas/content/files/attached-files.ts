import type { AttachedFile } from '../../../shared/api/calls/files';
import { signMediaUrl } from '../../core/media/playback-cookies';
import { getLibraryFiles } from '../../core/entities/library-file';

/**
 * The library files a content attaches, as its member page shows them: name and size always, a signed download
 * URL only while the reader may open the content (`visible`). One BatchGet.
 */
export async function attachedFilesOf(teamId: string, fileIds: readonly string[] | undefined, visible: boolean, now: Date): Promise<AttachedFile[]> {
  const files = await getLibraryFiles(teamId, fileIds ?? []);
  return Promise.all(files.map(async (f) => ({ id: f.id, name: f.name, sizeBytes: f.sizeBytes, ...(visible ? { url: await signMediaUrl(f.key, now) } : {}) })));
}
