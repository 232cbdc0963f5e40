import { checkStoredFile } from '../../core/media/file-upload';
import { getObjectRange, headObject } from '../../platform/storage';
import { countPdfPages } from './pdf-pages';

/**
 * The page count of an uploaded PDF (`/upload/file/start`, kind `pdf`) stored for the team, or undefined when the
 * key is not this team's PDF upload, the object is missing, does not begin `%PDF-` or pdf.js cannot open it.
 */
export async function storedPdfPageCount(teamId: string, key: string): Promise<number | undefined> {
  if (await checkStoredFile(teamId, 'pdf', key)) return undefined;
  const head = await headObject('media', key);
  if (!head) return undefined;
  return countPdfPages({
    length: head.size,
    read: async (begin, end) => {
      const bytes = await getObjectRange('media', key, begin, end);
      if (!bytes) throw new Error(`The PDF ${key} disappeared while its pages were counted`);
      return bytes;
    },
  });
}
