import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
// Built as a worker chunk (`.js`): a static host may not serve `.mjs` as JavaScript, which a module worker needs.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?worker&url';

/**
 * pdf.js for the PDF view only: its library is fetched on the first PDF a reader opens (never with any other
 * page), its worker is a chunk of the build, and the files it asks for while reading some PDFs are bundled too:
 * the Adobe CMaps (text in fonts a PDF does not embed, common in Japanese PDFs), the JBIG2 and JPEG 2000 decoders
 * (scanned pages) and the Symbol and ZapfDingbats fonts. Each is a hashed asset fetched only when a PDF needs it.
 */
type PdfJs = typeof import('pdfjs-dist');
let pdfJs: Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | undefined;

function loadPdfJs() {
  pdfJs ??= (async () => {
    // The worker's file (the largest part) downloads while the library does, into the HTTP cache the worker then
    // starts from (read to the end: a response left unread may not be kept).
    void fetch(workerUrl)
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
    const pdfjs = await import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    // One worker for the visit: reopening a PDF (a new address, the next PDF) does not start and parse it again.
    return { pdfjs, worker: new pdfjs.PDFWorker() };
  })().catch((e: unknown) => {
    // A failed chunk load (offline for a moment) is tried again on the next open.
    pdfJs = undefined;
    throw e;
  });
  return pdfJs;
}

const bundled = import.meta.glob<string>(
  [
    '../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap',
    '../../../../../node_modules/pdfjs-dist/wasm/{jbig2,openjpeg}.wasm',
    '../../../../../node_modules/pdfjs-dist/standard_fonts/{FoxitSymbol,FoxitDingbats}.pfb',
  ],
  // URLs only (no file is inlined into this chunk); each file is downloaded when pdf.js asks for it.
  { query: '?url&no-inline', import: 'default', eager: true },
);
const bundledUrls = new Map(Object.entries(bundled).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));

/**
 * pdf.js's `BinaryDataFactory`: its files by name from the build's hashed assets (pdf.js would otherwise want one
 * folder URL per kind). Handing pdf.js a factory makes its worker ask this thread for them.
 */
class BundledBinaryData {
  async fetch({ filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = bundledUrls.get(filename);
    if (!url) throw new Error(`pdf.js asked for ${filename}, which is not bundled`);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${filename}: ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }
}

/** Starts reading the PDF at a signed address (pdf.js reads it in ranges where the server allows it). */
export async function openPdf(url: string): Promise<PDFDocumentLoadingTask> {
  const { pdfjs, worker } = await loadPdfJs();
  return pdfjs.getDocument({ url, worker, BinaryDataFactory: BundledBinaryData, enableXfa: false });
}

/** A render cancelled because the page, zoom or document changed meanwhile: not a failure. */
export const isCancelledRender = (e: unknown): boolean => e instanceof Error && e.name === 'RenderingCancelledException';
