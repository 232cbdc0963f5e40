import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowAutofitWidth, IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PdfDocumentView, PdfView as PdfAnswer } from '../../../../../shared/api/calls/pdfs';
import { useTranslation } from '../../../lib/i18n';
import { isCancelledRender, openPdf } from './pdf-document';
import classes from './pdf-view.module.css';
import type { TypeViewProps } from './view-registry';

/**
 * SPEC §3 PDF: the pages drawn by pdf.js on a canvas, from the short-lived address in the answer: the whole PDF
 * while visible, its sample (labelled so) otherwise. The address is never put in a link (no download of the
 * whole PDF); when it has expired (the page stayed open past its five minutes) the answer is asked for again and
 * the PDF reopened once at the same page.
 */
export default function PdfView({ answer, onChanged }: TypeViewProps) {
  const { t } = useTranslation();
  const view = answer.view as PdfAnswer | undefined;
  if (!view) return null;
  const sample = 'sample' in view ? view.sample : undefined;
  return (
    <Stack gap="xs">
      {sample && (
        <Group gap="xs" wrap="nowrap">
          <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
            {t('pdfs:viewer.sample')}
          </Badge>
          <Text size="sm">{t('pdfs:viewer.sampleNote', { count: sample.pageCount })}</Text>
        </Group>
      )}
      {/* Keyed: the sample and the whole PDF (after buying) are different documents, each from page 1. */}
      <PdfViewer
        key={sample ? 'sample' : 'whole'}
        pdf={sample ?? (view as PdfDocumentView)}
        label={sample ? t('pdfs:viewer.sampleLabel') : t('pdfs:viewer.label')}
        onExpired={onChanged}
      />
    </Stack>
  );
}

/** pdf.js's scale 1 is 72 per inch; zoom 100 % shows a page at its printed size (96 CSS px per inch). */
const CSS_UNITS = 96 / 72;
const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;
/** Phones (Safari) refuse larger canvases: a big zoom is drawn at a lower pixel ratio instead. */
const MAX_CANVAS_PIXELS = 16_777_216;
/** How long a new answer may take to bring a new address before the same one is tried again. */
const REFRESH_WAIT_MS = 2000;

type Zoom = 'fit' | number;

function PdfViewer({ pdf: file, label, onExpired }: { pdf: PdfDocumentView; label: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);
  const [pageText, setPageText] = useState('1');
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [width, setWidth] = useState(0);
  const [drawn, setDrawn] = useState<{ page: number; zoom: number }>();
  /** The address that failed while a new answer is awaited. */
  const [awaiting, setAwaiting] = useState<string>();
  /** A new answer was asked for since the last page drawn: a second failure is shown, not retried again. */
  const retried = useRef(false);
  const firstDrawn = useRef(false);
  const onExpiredRef = useRef(onExpired);
  useEffect(() => {
    onExpiredRef.current = onExpired;
  });
  const url = file.url;
  const total = doc?.numPages ?? file.pageCount;

  const fail = useCallback(() => {
    if (retried.current) {
      setFailed(true);
      return;
    }
    // Most likely the five-minute address expired: a new answer brings a new address, and the PDF opens again.
    retried.current = true;
    setAwaiting(url);
    onExpiredRef.current();
  }, [url]);

  // No new address came (the failure was not its expiry, or the answer is slow): the same one is tried again, as the
  // one retry. A new address arriving later still opens the PDF (a new address always does).
  useEffect(() => {
    if (awaiting !== url) return;
    const timer = setTimeout(() => {
      setAwaiting(undefined);
      setAttempt((n) => n + 1);
    }, REFRESH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting, url]);

  useEffect(() => {
    performance.mark('pdf-view:open');
  }, []);

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | undefined;
    setFailed(false);
    void (async () => {
      try {
        task = await openPdf(url);
        if (cancelled) return void task.destroy();
        const opened = await task.promise;
        if (cancelled) return;
        setDoc(opened);
        setPage((p) => Math.min(p, opened.numPages));
      } catch {
        if (!cancelled) fail();
      }
    })();
    return () => {
      cancelled = true;
      setDoc(undefined);
      void task?.destroy();
    };
  }, [url, attempt, fail]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || width <= 0) return;
    let cancelled = false;
    let task: RenderTask | undefined;
    void (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled) return;
        const shown = zoom === 'fit' ? width / pdfPage.getViewport({ scale: CSS_UNITS }).width : zoom;
        const viewport = pdfPage.getViewport({ scale: shown * CSS_UNITS });
        // Sharp on high-density screens, within the largest canvas a phone draws.
        const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = pdfPage.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (cancelled) return;
        retried.current = false;
        setAwaiting(undefined);
        setDrawn({ page, zoom: shown });
        if (!firstDrawn.current) {
          firstDrawn.current = true;
          // Read by the e2e spec and the bench: from opening the view to the first page on screen.
          performance.mark('pdf-view:first-page');
        }
      } catch (e) {
        // A page read in ranges may need more of the file after the address expired: the same recovery.
        if (!cancelled && !isCancelledRender(e)) fail();
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom, width, fail]);

  useEffect(() => setPageText(String(page)), [page]);

  const go = (target: number) => {
    const next = Math.min(Math.max(1, Math.trunc(target)), total);
    setPage(next);
    setPageText(String(next));
  };
  const goToTyped = () => {
    const typed = Number(pageText.trim());
    go(pageText.trim() && Number.isFinite(typed) ? typed : page);
  };
  const current = drawn?.zoom ?? 1;
  // From the zoom asked for last, not the one drawn: keys pressed faster than pages draw all count.
  const zoomBy = (factor: number) =>
    setZoom((z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round((z === 'fit' ? current : z) * factor * 100) / 100)));
  const asked = zoom === 'fit' ? current : zoom;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target instanceof HTMLInputElement || !doc) return;
    const action: Record<string, () => void> = {
      ArrowRight: () => go(page + 1),
      PageDown: () => go(page + 1),
      ArrowLeft: () => go(page - 1),
      PageUp: () => go(page - 1),
      Home: () => go(1),
      End: () => go(total),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
    };
    const run = action[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };
  const pageLabel = t('pdfs:viewer.pageOf', { page: drawn?.page ?? page, total });

  return (
    <Paper withBorder radius="md" className={classes.viewer} tabIndex={0} role="region" aria-label={label} aria-describedby={hintId} onKeyDown={onKeyDown}>
      <Group className={classes.toolbar} justify="space-between" gap="xs" p="xs">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('pdfs:viewer.previous')} disabled={!doc || page <= 1} onClick={() => go(page - 1)}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              goToTyped();
            }}
          >
            <TextInput
              size="sm"
              w={56}
              value={pageText}
              onChange={(e) => setPageText(e.currentTarget.value)}
              onBlur={goToTyped}
              inputMode="numeric"
              aria-label={t('pdfs:viewer.pageNumber')}
              disabled={!doc}
              styles={{ input: { textAlign: 'center' } }}
            />
          </form>
          <ActionIcon variant="default" size="lg" aria-label={t('pdfs:viewer.next')} disabled={!doc || page >= total} onClick={() => go(page + 1)}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" role="status" style={{ whiteSpace: 'nowrap' }}>
            {t('pdfs:viewer.pageOf', { page, total })}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('pdfs:viewer.zoomOut')} disabled={!doc || asked <= MIN_ZOOM} onClick={() => zoomBy(1 / ZOOM_STEP)}>
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" w={48} ta="center" aria-label={t('pdfs:viewer.zoom', { percent: Math.round(current * 100) })}>
            {Math.round(current * 100)}%
          </Text>
          <ActionIcon variant="default" size="lg" aria-label={t('pdfs:viewer.zoomIn')} disabled={!doc || asked >= MAX_ZOOM} onClick={() => zoomBy(ZOOM_STEP)}>
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
          <Button
            variant={zoom === 'fit' ? 'light' : 'default'}
            size="xs"
            h={34}
            leftSection={<IconArrowAutofitWidth size={16} aria-hidden />}
            aria-pressed={zoom === 'fit'}
            disabled={!doc}
            onClick={() => setZoom('fit')}
          >
            {t('pdfs:viewer.fitWidth')}
          </Button>
        </Group>
      </Group>
      <div ref={frameRef} className={classes.frame}>
        {failed ? (
          <div className={classes.overlay}>
            <Alert color="red" variant="light" title={t('pdfs:viewer.failed')} role="alert" maw={480}>
              {t('pdfs:viewer.failedBody')}
              <Button
                mt="sm"
                size="xs"
                variant="white"
                color="red"
                display="block"
                onClick={() => {
                  retried.current = false;
                  setAwaiting(undefined);
                  setAttempt((n) => n + 1);
                }}
              >
                {t('common:actions.retry')}
              </Button>
            </Alert>
          </div>
        ) : (
          !drawn && (
            <div className={classes.overlay} role="status">
              <Loader size="sm" />
              <Text size="sm">{t('pdfs:viewer.loading')}</Text>
            </div>
          )
        )}
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          role="img"
          aria-label={pageLabel}
          data-page={drawn?.page}
          style={{ visibility: drawn && !failed ? 'visible' : 'hidden' }}
        />
      </div>
      <Text id={hintId} size="xs" c="dimmed" px="xs" py={6}>
        {t('pdfs:viewer.keys')}
      </Text>
    </Paper>
  );
}
