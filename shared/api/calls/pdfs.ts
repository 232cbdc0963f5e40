import * as z from 'zod/mini';
import type { ValidationCode } from '../../rules/issues';
import { invalidValue } from '../../rules/issues';
import { fileKeySchema } from './categories';
import { contentItemCalls } from './content-items';

/**
 * SPEC §3 PDF: the file (uploaded with `/upload/file/start`, kind `pdf`), an optional sample PDF shown to whoever
 * may not read the whole, and the access scope. The page counts are read from the files on the server
 * (lambdas/content/pdf/pdf-rules.ts), never taken from the form.
 */
export const pdfAccessScopes = ['private', 'public', 'only_presence'] as const;
/**
 * Who of the catalog's visitors may read a public PDF (members follow the one access decision whatever the scope):
 * `public` the whole PDF; `only_presence` the card, overview and sample, the whole after logging in; `private`
 * members only, so the PDF cannot be public (`checkPdfAccessScope`).
 */
export type PdfAccessScope = (typeof pdfAccessScopes)[number];

/** What is stored: the form's keys and scope plus the page counts read on the server. */
export interface PdfFields {
  fileKey: string;
  pageCount: number;
  sampleKey?: string;
  samplePageCount?: number;
  accessScope: PdfAccessScope;
}

export const pdfFieldsSchema = z.object(
  {
    fileKey: fileKeySchema,
    sampleKey: z._default(z.nullable(fileKeySchema), null),
    accessScope: z._default(z.enum(pdfAccessScopes, invalidValue), 'private'),
  },
  invalidValue,
);
/** The `fields` a form sends (the stored page counts are not among them). */
export type PdfFieldsForm = z.output<typeof pdfFieldsSchema>;

/** A private PDF is for members only: it cannot also be shown in the public catalog. */
export const checkPdfAccessScope = (pdf: { isPublic: boolean; accessScope: PdfAccessScope }): ValidationCode | undefined =>
  pdf.isPublic && pdf.accessScope === 'private' ? 'validation/private_pdf_public' : undefined;

/** A PDF a reader may open now: its address is signed for a few minutes only (ask again after `expiresAt`). */
export interface PdfDocumentView {
  pageCount: number;
  url: string;
  expiresAt: string;
}

/**
 * What a member or visitor reads of a PDF: the whole while the access decision says `visible`, otherwise its
 * sample when it has one (never the whole PDF's address).
 */
export type PdfView = PdfDocumentView | { sample: PdfDocumentView };

export const pdfCalls = contentItemCalls<'pdf', typeof pdfFieldsSchema, PdfFields>('pdf', pdfFieldsSchema);
export const { list: listPdfsCall, get: getPdfCall, create: createPdfCall, update: updatePdfCall, remove: deletePdfCall, preview: previewPdfCall } = pdfCalls;
