import { describe, expect, it } from 'vitest';
import { checkPdfAccessScope, type PdfFields } from '../../../shared/api/calls/pdfs';
import { decideContentAccess, noEntitlements, type AccessibleContent } from '../../../shared/content-access';
import { pdfAccess, pdfShown } from '../../../lambdas/content/pdf/pdf-access';
import { bytesSource, countPdfPages, type PdfSource } from '../../../lambdas/content/pdf/pdf-pages';
import { checkFile } from '../../../lambdas/core/media/file-upload';
import { buildPdf } from '../../../local/sample-pdf';
import { ONE_PAGE, TWO_PAGES } from '../../integration/content/pdf-files';

describe('PDF page count (pdf.js on the server)', () => {
  it('counts the pages of real PDFs', async () => {
    expect(await countPdfPages(bytesSource(TWO_PAGES))).toBe(2);
    expect(await countPdfPages(bytesSource(ONE_PAGE))).toBe(1);
    expect(await countPdfPages(bytesSource(buildPdf(['(a)', 'b\\c', 'c', 'd', 'e'])))).toBe(5);
  });

  it('answers undefined for bytes pdf.js cannot open', async () => {
    for (const bytes of [Buffer.from('hello'), Buffer.from('%PDF-1.7\nnothing else'), Buffer.alloc(0), Buffer.from('GIF89a')]) {
      expect(await countPdfPages(bytesSource(bytes))).toBeUndefined();
    }
  });

  it('reads only the parts it needs of a large PDF', async () => {
    // One page carries 4 MB of text: the count needs the trailer, cross-reference table and page tree only.
    const large = buildPdf(['x'.repeat(4 * 1024 ** 2), 'short']);
    let read = 0;
    const source: PdfSource = {
      length: large.length,
      read: async (begin, end) => {
        read += end - begin;
        return large.subarray(begin, end);
      },
    };
    expect(await countPdfPages(source)).toBe(2);
    expect(read).toBeLessThan(large.length / 4);
  });

  it('throws a failed read instead of calling the file unreadable', async () => {
    const failing: PdfSource = { length: TWO_PAGES.length, read: () => Promise.reject(new Error('storage is down')) };
    await expect(countPdfPages(failing)).rejects.toThrow('storage is down');
  });
});

describe('PDF access scope', () => {
  const item: AccessibleContent = { status: 'public', isPublic: true, groupIds: [], ready: true, priceIds: [] };
  const visitor = { kind: 'visitor' } as const;
  const member = { kind: 'member', role: 'member', groupIds: [] } as const;
  const decide = (scope: PdfFields['accessScope'], who: typeof visitor | typeof member) =>
    decideContentAccess({ ...item, ...pdfAccess({ accessScope: scope }) }, who, noEntitlements, new Date());

  it('lets visitors read a public PDF whole, and only a presence-only one after logging in', () => {
    expect(decide('public', visitor)).toBe('visible');
    expect(decide('only_presence', visitor)).toBe('registered');
    expect(decide('private', visitor)).toBe('registered');
  });

  it('changes nothing for members', () => {
    for (const scope of ['public', 'only_presence', 'private'] as const) expect(decide(scope, member)).toBe('visible');
  });

  it('refuses a private PDF that is public', () => {
    expect(checkPdfAccessScope({ isPublic: true, accessScope: 'private' })).toBe('validation/private_pdf_public');
    expect(checkPdfAccessScope({ isPublic: false, accessScope: 'private' })).toBeUndefined();
    expect(checkPdfAccessScope({ isPublic: true, accessScope: 'only_presence' })).toBeUndefined();
  });
});

describe('what a PDF reader is shown', () => {
  const fields: PdfFields = { fileKey: 'T/t/files/pdf/A.pdf', pageCount: 12, sampleKey: 'T/t/files/pdf/B.pdf', samplePageCount: 2, accessScope: 'private' };

  it('shows the whole only while visible, the sample in every other state', () => {
    expect(pdfShown(fields, 'visible')).toEqual({ key: fields.fileKey, pageCount: 12, sample: false });
    for (const state of ['registered', 'unpurchased', 'beforeRelease', 'afterRelease'] as const) {
      expect(pdfShown(fields, state)).toEqual({ key: fields.sampleKey, pageCount: 2, sample: true });
    }
  });

  it('shows nothing outside visible when there is no sample', () => {
    const { sampleKey: _s, samplePageCount: _c, ...bare } = fields;
    expect(pdfShown(bare, 'unpurchased')).toBeUndefined();
    expect(pdfShown(bare, 'visible')).toMatchObject({ key: fields.fileKey });
  });
});

describe('PDF uploads', () => {
  it('takes application/pdf with the pdf extension, up to 200 MB', () => {
    expect(checkFile('pdf', 'handbook.pdf', 'application/pdf', 1000)).toBeUndefined();
    expect(checkFile('pdf', 'HANDBOOK.PDF', 'application/pdf', 200 * 1024 ** 2)).toBeUndefined();
    expect(checkFile('pdf', 'handbook.pdf', 'application/pdf', 200 * 1024 ** 2 + 1)).toBe('sizeBytes');
    expect(checkFile('pdf', 'handbook.doc', 'application/pdf', 1000)).toBe('fileName');
    expect(checkFile('pdf', 'handbook.pdf', 'application/octet-stream', 1000)).toBe('contentType');
  });
});
