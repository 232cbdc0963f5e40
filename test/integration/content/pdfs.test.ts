import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getCatalogContentCall, getMemberContentCall, type ContentItem, type ContentItemRow, type MemberContentAnswer } from '../../../shared/api/calls/content-items';
import { listCatalogContentCall, type ContentListPage } from '../../../shared/api/calls/content-lists';
import * as pdfsCalls from '../../../shared/api/calls/pdfs';
import type { PdfDocumentView, PdfFields } from '../../../shared/api/calls/pdfs';
import { startFileUploadCall } from '../../../shared/api/calls/uploads';
import { headObject, putObject } from '../../../lambdas/platform/storage';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { call } from '../support/api';
import { buildPdf } from '../../../local/sample-pdf';
import { ONE_PAGE, TWO_PAGES, uploadPdf } from './pdf-files';
import { type Caller, newOperator, ok } from './people';
import { fetchPath, forgedUrls, newMember } from './ready-videos';

/**
 * The PDF content type beyond the generic suite (content-items.test.ts): page counts read on the server, the
 * short-lived address of the whole PDF only while the reader may read it, the sample otherwise, the access scope
 * for catalog visitors, and the stored files going with the PDF.
 */
let alpha: Caller;
let member: Caller;


const create = async (form: Record<string, unknown>) => (await ok<{ id: string }>(alpha, pdfsCalls.createPdfCall, { title: 'Handbook', status: 'public', ...form })).id;
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const inMinutes = (iso: string) => (Date.parse(iso) - Date.now()) / 60_000;

beforeAll(async () => {
  alpha = await newOperator('PDF Shelf');
  await putSiteSettings({ ...(await getSiteSettings(alpha.teamId)), catalogPublic: true });
  member = await newMember(alpha.teamId);
});

describe('/pdf/* (PDF content)', () => {
  it('takes a PDF uploaded through the presigned file upload and refuses other types and sizes for it', async () => {
    const start = await ok<{ key: string; url: string; headers: Record<string, string> }>(alpha, startFileUploadCall, {
      kind: 'pdf',
      fileName: 'handbook.pdf',
      contentType: 'application/pdf',
      sizeBytes: TWO_PAGES.length,
    });
    expect(start.key).toMatch(new RegExp(`^T/${alpha.teamId}/files/pdf/[0-9A-Z]{26}\\.pdf$`));
    expect((await fetch(start.url, { method: 'PUT', headers: start.headers, body: new Uint8Array(TWO_PAGES) })).status).toBe(200);
    const id = await create({ fields: { fileKey: start.key, accessScope: 'private' } });
    expect((await ok<ContentItem<PdfFields>>(alpha, pdfsCalls.getPdfCall, { id })).fields).toEqual({ fileKey: start.key, pageCount: 2, accessScope: 'private' });

    const base = { ...alpha.ctx, kind: 'pdf', fileName: 'handbook.pdf', contentType: 'application/pdf', sizeBytes: 1000 };
    const refused = async (input: Record<string, unknown>) => (await call(startFileUploadCall, { ...base, ...input }, alpha.token)).body.error?.fields;
    expect(await refused({ fileName: 'handbook.docx' })).toEqual({ fileName: 'validation/invalid_value' });
    expect(await refused({ contentType: 'text/html' })).toEqual({ contentType: 'validation/invalid_value' });
    expect(await refused({ sizeBytes: 200 * 1024 ** 2 + 1 })).toEqual({ sizeBytes: 'validation/invalid_value' });
  });

  it('reads the page counts on the server, and keeps them while the keys stay the same', async () => {
    const fileKey = await uploadPdf(alpha);
    const sampleKey = await uploadPdf(alpha, ONE_PAGE);
    // Counts in the body are not trusted.
    const id = await create({ fields: { fileKey, sampleKey, accessScope: 'private', pageCount: 99, samplePageCount: 99 } });
    const item = await ok<ContentItem<PdfFields>>(alpha, pdfsCalls.getPdfCall, { id });
    expect(item.fields).toEqual({ fileKey, pageCount: 2, sampleKey, samplePageCount: 1, accessScope: 'private' });
    const rows = await ok<{ items: ContentItemRow[] }>(alpha, pdfsCalls.listPdfsCall, {});
    expect(rows.items.find((r) => r.id === id)).toMatchObject({ summary: '2' });

    // A kept key is not read again: the object changed behind it, the stored count stays.
    await putObject({ bucket: 'media', key: fileKey, body: buildPdf(['1', '2', '3', '4']), contentType: 'application/pdf' });
    const kept = await ok<{ version: number }>(alpha, pdfsCalls.updatePdfCall, { id, version: 1, title: 'Handbook', fields: { fileKey, sampleKey, accessScope: 'private' } });
    expect((await ok<ContentItem<PdfFields>>(alpha, pdfsCalls.getPdfCall, { id })).fields).toMatchObject({ pageCount: 2, samplePageCount: 1 });

    // A new key is read; a sample taken away takes its count with it.
    const longer = await uploadPdf(alpha, buildPdf(['a', 'b', 'c']));
    await ok(alpha, pdfsCalls.updatePdfCall, { id, version: kept.version, title: 'Handbook', fields: { fileKey: longer, sampleKey: null, accessScope: 'private' } });
    expect((await ok<ContentItem<PdfFields>>(alpha, pdfsCalls.getPdfCall, { id })).fields).toEqual({ fileKey: longer, pageCount: 3, accessScope: 'private' });
  });

  it('refuses the whole PDF as its own sample', async () => {
    const fileKey = await uploadPdf(alpha);
    const res = await call(pdfsCalls.createPdfCall, { ...alpha.ctx, title: 'Same', fields: { fileKey, sampleKey: fileKey } }, alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ 'fields.sampleKey': 'validation/invalid_value' });
  });

  it('gives a reader the whole PDF while visible, through a five-minute grant of that one object only', async () => {
    const fileKey = await uploadPdf(alpha);
    const sampleKey = await uploadPdf(alpha, ONE_PAGE);
    const id = await create({ fields: { fileKey, sampleKey, accessScope: 'private' } });
    const open = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: 'pdf', id });
    expect(open.state).toBe('visible');
    const view = open.view as PdfDocumentView;
    expect(Object.keys(view).sort()).toEqual(['expiresAt', 'pageCount', 'url']);
    expect(view.pageCount).toBe(2);
    expect(inMinutes(view.expiresAt)).toBeGreaterThan(4);
    expect(inMinutes(view.expiresAt)).toBeLessThanOrEqual(5);

    const res = await fetchPath(view.url);
    expect(res.status).toBe(200);
    expect(await bytesOf(res)).toEqual(TWO_PAGES);
    const forged = forgedUrls(view.url, sampleKey);
    expect((await fetchPath(new URL(view.url, 'http://localhost').pathname)).status).toBe(403);
    expect((await fetchPath(forged.tampered)).status).toBe(403);
    // The grant names its object: on another key (the sample here) it opens nothing.
    expect((await fetchPath(forged.otherKey)).status).toBe(403);
  });

  it('shows a member who may not read it yet the sample, never the whole PDF’s address', async () => {
    const fileKey = await uploadPdf(alpha);
    const sampleKey = await uploadPdf(alpha, ONE_PAGE);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const id = await create({ viewableStart: later, fields: { fileKey, sampleKey, accessScope: 'private' } });
    const answer = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: 'pdf', id });
    expect(answer.state).toBe('beforeRelease');
    const { sample } = answer.view as { sample: PdfDocumentView };
    expect(Object.keys(answer.view as object)).toEqual(['sample']);
    expect(sample.pageCount).toBe(1);
    expect(await bytesOf(await fetchPath(sample.url))).toEqual(ONE_PAGE);
    expect(JSON.stringify(answer)).not.toContain(fileKey);

    // Without a sample there is nothing to read yet.
    const bare = await create({ viewableStart: later, fields: { fileKey: await uploadPdf(alpha), accessScope: 'private' } });
    const nothing = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: 'pdf', id: bare });
    expect(nothing.state).toBe('beforeRelease');
    expect(nothing.view).toBeUndefined();
  });

  it('lets catalog visitors read a public PDF, only the sample of one shown by presence only, and nothing private', async () => {
    const sampleKey = await uploadPdf(alpha, ONE_PAGE);
    const open = await create({ title: 'Open handbook', isPublic: true, fields: { fileKey: await uploadPdf(alpha), sampleKey, accessScope: 'public' } });
    const presenceKey = await uploadPdf(alpha);
    const presence = await create({ title: 'Members handbook', isPublic: true, fields: { fileKey: presenceKey, sampleKey, accessScope: 'only_presence' } });
    const members = await create({ title: 'Private handbook', fields: { fileKey: await uploadPdf(alpha), sampleKey, accessScope: 'private' } });

    const visit = (id: string) => call(getCatalogContentCall, { teamId: alpha.teamId, type: 'pdf', id });
    const whole = (await visit(open)).body as MemberContentAnswer;
    expect(whole.state).toBe('visible');
    expect((await fetchPath((whole.view as PdfDocumentView).url)).status).toBe(200);

    // Presence only: listed with its card, the sample to read, the whole after logging in.
    const catalog = await ok<ContentListPage>(undefined, listCatalogContentCall, { teamId: alpha.teamId, type: 'pdf', limit: 50 });
    expect(catalog.items.map((i) => i.id)).toEqual(expect.arrayContaining([open, presence]));
    const shown = (await visit(presence)).body as MemberContentAnswer;
    expect(shown.state).toBe('registered');
    expect(shown.item).toMatchObject({ id: presence, title: 'Members handbook' });
    expect((shown.view as { sample: PdfDocumentView }).sample.pageCount).toBe(1);
    expect(JSON.stringify(shown)).not.toContain(presenceKey);
    const signedIn = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: 'pdf', id: presence });
    expect(signedIn.state).toBe('visible');
    expect(await bytesOf(await fetchPath((signedIn.view as PdfDocumentView).url))).toEqual(TWO_PAGES);

    // Private: not in the catalog, and cannot be made public.
    const hidden = await visit(members);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error?.code).toBe('pdf/not_found');
    const made = await call(pdfsCalls.updatePdfCall, { ...alpha.ctx, id: members, version: 1, title: 'x', isPublic: true, fields: { fileKey: await uploadPdf(alpha), accessScope: 'private' } }, alpha.token);
    expect(made.status).toBe(400);
    expect(made.body.error?.fields).toEqual({ 'fields.accessScope': 'validation/private_pdf_public' });
  });

  it('deletes the PDF and its sample from storage with the item', async () => {
    const fileKey = await uploadPdf(alpha);
    const sampleKey = await uploadPdf(alpha, ONE_PAGE);
    const id = await create({ fields: { fileKey, sampleKey, accessScope: 'private' } });
    expect(await headObject('media', fileKey)).toBeDefined();
    await ok(alpha, pdfsCalls.deletePdfCall, { id });
    expect(await headObject('media', fileKey)).toBeUndefined();
    expect(await headObject('media', sampleKey)).toBeUndefined();
    const gone = await call(pdfsCalls.getPdfCall, { ...alpha.ctx, id }, alpha.token);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.code).toBe('pdf/not_found');
  });
});
