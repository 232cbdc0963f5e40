/**
 * A PDF's page count, read with pdf.js on the server. The file is read in ranges as pdf.js asks for them (its
 * trailer, cross-reference table and page tree: usually a few hundred KB), so a 200 MB PDF is never held whole
 * in a 512 MB function. pdf.js is loaded with `import()` on first use: the content function's cold start does not
 * read it (it is its own chunk in the bundle).
 */

/** Where a PDF's bytes come from: its length and any range `begin` (inclusive) to `end` (exclusive). */
export interface PdfSource {
  length: number;
  read(begin: number, end: number): Promise<Uint8Array>;
}

/** pdf.js reads at least this much at a time (its default is 64 KB; fewer round trips to storage). */
const RANGE_CHUNK_BYTES = 256 * 1024;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfJsLoad: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfJsLoad ??= (async () => {
    // pdf.js 6 uses Promise.withResolvers (Node 22); the local platform may run on Node 20.
    if (!('withResolvers' in Promise)) {
      Object.assign(Promise, {
        withResolvers<T>() {
          let resolve!: (value: T | PromiseLike<T>) => void;
          let reject!: (reason?: unknown) => void;
          const promise = new Promise<T>((res, rej) => {
            resolve = res;
            reject = rej;
          });
          return { promise, resolve, reject };
        },
      });
    }
    // Node has no web worker: pdf.js runs its worker's handler in this thread and finds it on `globalThis`, rather
    // than importing its worker file by a path that a bundle does not keep.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })().catch((e: unknown) => {
    pdfJsLoad = undefined;
    throw e;
  });
  return pdfJsLoad;
}

/**
 * The number of pages, or undefined when the bytes are not a PDF pdf.js can open (damaged, not a PDF, or
 * password-protected: a reader could not show it either). A failed read of the source is thrown, not taken for a
 * bad file.
 */
export async function countPdfPages(source: PdfSource): Promise<number | undefined> {
  if (source.length <= 0) return undefined;
  const pdfjs = await loadPdfJs();
  let readFailure: unknown;
  // pdf.js has no way to be told a range failed, and destroying a load in flight throws in its worker: a failed
  // range is answered with zeros (so the load ends) and the failure thrown once it has.
  class RangeSource extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      void source
        .read(begin, end)
        .then((bytes) => (bytes.length === end - begin ? bytes : sized(bytes, end - begin, () => (readFailure ??= 'changed'))))
        .catch((e: unknown) => {
          readFailure ??= e;
          return new Uint8Array(end - begin);
        })
        .then((chunk) => this.onDataRange(begin, chunk));
    }
  }
  const task = pdfjs.getDocument({
    range: new RangeSource(source.length, null),
    rangeChunkSize: RANGE_CHUNK_BYTES,
    // Read only what the page count needs, when it is needed.
    disableAutoFetch: true,
    disableStream: true,
    // Nothing is drawn: no fonts, no canvas; errors only in the logs.
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let pages: number | undefined;
  try {
    pages = (await task.promise).numPages;
  } catch {
    pages = undefined;
  } finally {
    await task.destroy();
  }
  // The object changed size while it was read (re-uploaded to the same key): not the file that was checked.
  if (readFailure === 'changed') return undefined;
  if (readFailure !== undefined) throw readFailure;
  return pages && pages > 0 ? pages : undefined;
}

/** `bytes` cut or zero-padded to `length`, noting that they were not what was asked for. */
function sized(bytes: Uint8Array, length: number, note: () => void): Uint8Array {
  note();
  const out = new Uint8Array(length);
  out.set(bytes.subarray(0, length));
  return out;
}

/** A source over bytes in memory (a small file, a test). */
export const bytesSource = (bytes: Uint8Array): PdfSource => ({
  length: bytes.length,
  read: async (begin, end) => bytes.slice(begin, Math.min(end, bytes.length)),
});
