/** pdf.js ships no types for its worker module; it is only handed to pdf.js (see pdf-pages.ts). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
