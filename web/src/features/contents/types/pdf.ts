import { lazy } from 'react';
import type { ContentItemCalls } from '../../../../../shared/api/calls/content-items';
import { pdfCalls, type PdfAccessScope, type PdfFields } from '../../../../../shared/api/calls/pdfs';
import { contentTypeUi, type ContentTypeUi } from '../content-types';

export interface PdfFormFields {
  /** The uploaded PDF's key ('' until one is uploaded). */
  fileKey: string;
  sampleKey: string | null;
  accessScope: PdfAccessScope;
  /** Shown only: the page counts the server read from the saved files (never sent; a new upload is counted on save). */
  pageCount?: number;
  samplePageCount?: number;
}

/** SPEC §2 /admin/pdf: the PDF, an optional sample PDF and who of the catalog's visitors may read it. */
export const pdfUi: ContentTypeUi = contentTypeUi<PdfFormFields>({
  type: 'pdf',
  calls: pdfCalls as unknown as ContentItemCalls,
  path: 'pdf',
  namespace: 'pdfs',
  emptyFields: () => ({ fileKey: '', sampleKey: null, accessScope: 'private' }),
  fieldsToForm: (fields) => {
    const f = fields as PdfFields;
    return { fileKey: f.fileKey, sampleKey: f.sampleKey ?? null, accessScope: f.accessScope, pageCount: f.pageCount, samplePageCount: f.samplePageCount };
  },
  // No key yet is "required" (the schema's code for a missing key), not an invalid one.
  formToFields: (values) => ({ fileKey: values.fileKey || undefined, sampleKey: values.sampleKey, accessScope: values.accessScope }),
  Editor: lazy(() => import('./pdf-editor')),
  // The server's summary is the page count.
  summaryLabel: (summary, t) => t('pdfs:admin.pages', { count: Number(summary) }),
});
