import { ulid } from 'ulid';
import { putObject } from '../../../lambdas/platform/storage';
import { buildPdf } from '../../../local/sample-pdf';
import type { Caller } from './people';

/** A 2-page PDF and a 1-page sample. */
export const TWO_PAGES = buildPdf(['Chapter one', 'Chapter two']);
export const ONE_PAGE = buildPdf(['Sample page']);

/**
 * Bytes stored as a `pdf` upload of `teamId` (where `/upload/file/start` puts one: `T/<teamId>/files/pdf/<ulid>.pdf`),
 * as the browser's presigned PUT would leave them.
 */
export async function storePdfUpload(teamId: string, body: Buffer = TWO_PAGES): Promise<string> {
  const key = `T/${teamId}/files/pdf/${ulid()}.pdf`;
  await putObject({ bucket: 'media', key, body, contentType: 'application/pdf' });
  return key;
}

/** The same, for a caller's team. */
export const uploadPdf = (who: Caller, body?: Buffer): Promise<string> => storePdfUpload(who.teamId, body);
