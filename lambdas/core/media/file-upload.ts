import { ulid } from 'ulid';
import { fileKindRules, type StoredFileKind } from '../../../shared/api/calls/uploads';
import { AppError } from '../http/app-error';
import { getObjectHead, headObject, presignPut } from '../../platform/storage';

/**
 * Small files of a content (thumbnail, subtitle, attachment, PDF): one presigned PUT to the media bucket at
 * `T/<teamId>/files/<kind>/<ulid>.<ext>`, type and length signed, so the browser cannot store anything else.
 */
export const FILE_URL_SECONDS = 900;

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();

/** The field that is wrong, or undefined when the file may be uploaded as this kind. */
export function checkFile(kind: StoredFileKind, fileName: string, contentType: string, sizeBytes: number): 'fileName' | 'contentType' | 'sizeBytes' | undefined {
  const rule = fileKindRules[kind];
  if (sizeBytes > rule.maxBytes) return 'sizeBytes';
  if (rule.types === '*') return /^[\w.+-]+\/[\w.+-]+$/.test(contentType) ? undefined : 'contentType';
  const extensions = rule.types[contentType.toLowerCase()];
  if (!extensions) return 'contentType';
  const ext = extensionOf(fileName);
  return ext && extensions.includes(ext) ? undefined : 'fileName';
}

export async function startFileUpload(
  teamId: string,
  input: { kind: StoredFileKind; fileName: string; contentType: string; sizeBytes: number },
  now = new Date(),
): Promise<{ key: string; url: string; headers: Record<string, string>; expiresAt: string }> {
  const bad = checkFile(input.kind, input.fileName, input.contentType, input.sizeBytes);
  if (bad) throw new AppError('common/invalid_input', { [bad]: 'validation/invalid_value' });
  const ext = extensionOf(input.fileName) ?? 'bin';
  const key = `T/${teamId}/files/${input.kind}/${ulid(now.getTime())}.${ext}`;
  const contentType = input.contentType.toLowerCase();
  const url = await presignPut({ bucket: 'media', key, contentType, contentLength: input.sizeBytes, expiresInSeconds: FILE_URL_SECONDS });
  return { key, url, headers: { 'content-type': contentType }, expiresAt: new Date(now.getTime() + FILE_URL_SECONDS * 1000).toISOString() };
}

const PDF_MAGIC = '%PDF-';

/** Why a file key cannot be stored on a content of `teamId` as `kind`, or undefined when it can. */
export async function checkStoredFile(teamId: string, kind: StoredFileKind, key: string): Promise<'validation/invalid_value' | undefined> {
  if (!key.startsWith(`T/${teamId}/files/${kind}/`)) return 'validation/invalid_value';
  if (kind === 'subtitle') {
    const head = await getObjectHead('media', key, 16);
    if (!head) return 'validation/invalid_value';
    // WebVTT: optional byte order mark, then "WEBVTT" followed by a space, tab or line end.
    const text = Buffer.from(head).toString('utf8').replace(/^\uFEFF/, '');
    return /^WEBVTT(?:[ \t\r\n]|$)/.test(text) ? undefined : 'validation/invalid_value';
  }
  if (kind === 'pdf') {
    // The type was signed at upload; the bytes must say PDF too (whether it reads is for pdf.js, when saved).
    const head = await getObjectHead('media', key, PDF_MAGIC.length);
    return head && Buffer.from(head).toString('latin1') === PDF_MAGIC ? undefined : 'validation/invalid_value';
  }
  return (await headObject('media', key)) ? undefined : 'validation/invalid_value';
}
