import type { PdfFields } from '../../../shared/api/calls/pdfs';
import type { MemberContentState } from '../../../shared/api/calls/content-items';
import type { AccessibleContent } from '../../../shared/content-access';

/**
 * What a PDF's access scope changes, and which of its files a reader is shown. Pure, unit-tested
 * (test/unit/content/pdf.test.ts).
 *
 * The scope matters only to catalog visitors of a public PDF: the access decision reads the PDF as public only
 * when its scope is `public`, so under `only_presence` a visitor gets `registered` (the card, overview and sample;
 * the whole after logging in). A `private` PDF is never public (the form refuses it). Members follow the one
 * decision whatever the scope.
 */
export const pdfAccess = (fields: Pick<PdfFields, 'accessScope'>): Partial<AccessibleContent> =>
  fields.accessScope === 'public' ? {} : { isPublic: false };

/** The file a reader in `state` may open: the whole PDF only while `visible`, else the sample if there is one. */
export function pdfShown(fields: PdfFields, state: MemberContentState): { key: string; pageCount: number; sample: boolean } | undefined {
  if (state === 'visible') return { key: fields.fileKey, pageCount: fields.pageCount, sample: false };
  if (fields.sampleKey && fields.samplePageCount) return { key: fields.sampleKey, pageCount: fields.samplePageCount, sample: true };
  return undefined;
}
