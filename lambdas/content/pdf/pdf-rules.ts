import type { ContentItem } from '../../../shared/api/calls/content-items';
import { checkPdfAccessScope, type PdfFields, type PdfFieldsForm, type PdfView } from '../../../shared/api/calls/pdfs';
import type { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../core/http/app-error';
import { signShortLivedMediaUrl } from '../../core/media/playback-cookies';
import { deleteObjects } from '../../platform/storage';
import { itemRules } from '../items/item-types';
import { pdfAccess, pdfShown } from './pdf-access';
import { storedPdfPageCount } from './stored-pdf';

const fieldsOf = (item: ContentItem): PdfFields => item.fields as PdfFields;

/**
 * SPEC §3 PDF: the file and an optional sample, both uploaded as kind `pdf` into the team's files; their page
 * counts are read from the stored files when a save names a new key (a key kept keeps its count). A reader gets a
 * short-lived signed address of the whole PDF while visible, of the sample otherwise (pdf-access.ts).
 */
export const pdfRules = itemRules<PdfFields, PdfView>({
  type: 'pdf',
  notFound: 'pdf/not_found',
  ready: (item) => fieldsOf(item).pageCount > 0,
  references: () => [],
  summary: (item) => String(fieldsOf(item).pageCount),
  async prepare(teamId, form, before) {
    // The form's `fields` are the schema's output (keys and scope), not the stored shape it is typed by.
    const input = form.fields as unknown as PdfFieldsForm;
    const stored = before?.fields;
    const pagesOf = (key: string, kept: string | undefined, keptCount: number | undefined) =>
      key === kept && keptCount ? Promise.resolve(keptCount) : storedPdfPageCount(teamId, key);
    const [pageCount, samplePageCount] = await Promise.all([
      pagesOf(input.fileKey, stored?.fileKey, stored?.pageCount),
      input.sampleKey ? pagesOf(input.sampleKey, stored?.sampleKey, stored?.samplePageCount) : undefined,
    ]);
    const problems: Record<string, ErrorCode> = {};
    if (!pageCount) problems['fields.fileKey'] = 'validation/invalid_value';
    // The sample is shown to readers without access: the whole PDF as its own sample would give it away.
    if (input.sampleKey && (!samplePageCount || input.sampleKey === input.fileKey)) problems['fields.sampleKey'] = 'validation/invalid_value';
    const scope = checkPdfAccessScope({ isPublic: form.isPublic, accessScope: input.accessScope });
    if (scope) problems['fields.accessScope'] = scope;
    if (Object.keys(problems).length || !pageCount) throw new AppError('common/invalid_input', problems);
    return {
      fileKey: input.fileKey,
      pageCount,
      ...(input.sampleKey && samplePageCount ? { sampleKey: input.sampleKey, samplePageCount } : {}),
      accessScope: input.accessScope,
    };
  },
  access: (item) => pdfAccess(item.fields),
  async memberView(item, { state, now }) {
    const shown = pdfShown(item.fields, state);
    if (!shown) return undefined;
    const document = { pageCount: shown.pageCount, ...(await signShortLivedMediaUrl(shown.key, now)) };
    return shown.sample ? { sample: document } : document;
  },
  async afterDelete(teamId, item) {
    const keys = [item.fields.fileKey, item.fields.sampleKey].filter((k): k is string => !!k);
    // Only objects of this team's PDF uploads (the save checked them; a record is never trusted blindly).
    const own = keys.filter((k) => k.startsWith(`T/${teamId}/files/pdf/`));
    if (own.length) await deleteObjects('media', own);
  },
});
