import { ActionIcon, Alert, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import { getImpersonationToken } from '../../lib/impersonation-storage';
import { FileIcon } from './file-icons';
import { statusOfPdfError, VIEWER_MSG, viewerErrorMessage } from './viewer-messages';

// Spec section 7: the worker comes from a fixed static path (vite.config.ts copies it into the build).
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

type TPdfDocumentProps = { url: string; name: string };

/** One PDF, page by page, fitted to the width of the overlay; loaded only when a PDF is opened (react-pdf is big). */
const PdfDocument = ({ url, name }: TPdfDocumentProps) => {
  const { ref, width } = useElementSize();
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [zoomIndex, setZoomIndex] = useState(2);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pageError, setPageError] = useState<number | null>(null);
  const token = getImpersonationToken();
  // A new object makes react-pdf load the document again: only when the file (or the bearer) changes.
  const file = useMemo(() => ({ url, ...(token ? { httpHeaders: { Authorization: `Bearer ${token}` } } : {}) }), [url, token]);
  const zoom = ZOOM_STEPS[zoomIndex] ?? 1;
  const pageWidth = width > 0 ? Math.floor(Math.min(width, 1200) * zoom) : undefined;

  const goTo = (next: number) => {
    setPageError(null);
    setPage(Math.min(Math.max(next, 1), Math.max(pageCount, 1)));
  };

  if (loadError) {
    return (
      <Center h="100%">
        <Alert color="red" variant="light" role="alert" title={loadError}>
          {name}
        </Alert>
      </Center>
    );
  }

  return (
    <Stack gap={0} h="100%">
      <Group justify="center" gap="xs" py={6} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Tooltip label="Pagina precedente">
          <ActionIcon variant="default" size="lg" aria-label="Pagina precedente" onClick={() => goTo(page - 1)} disabled={page <= 1}>
            <FileIcon name="left" />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" aria-live="polite" miw={110} ta="center" data-testid="pdf-page-indicator">
          {pageCount > 0 ? `Pagina ${page} di ${pageCount}` : 'Caricamento…'}
        </Text>
        <Tooltip label="Pagina successiva">
          <ActionIcon variant="default" size="lg" aria-label="Pagina successiva" onClick={() => goTo(page + 1)} disabled={page >= pageCount}>
            <FileIcon name="right" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Riduci">
          <ActionIcon variant="subtle" size="lg" aria-label="Riduci" onClick={() => setZoomIndex((index) => Math.max(index - 1, 0))} disabled={zoomIndex === 0}>
            <FileIcon name="zoomOut" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Adatta alla larghezza">
          <ActionIcon variant={zoomIndex === 2 ? 'light' : 'subtle'} size="lg" aria-label="Adatta alla larghezza" onClick={() => setZoomIndex(2)}>
            <FileIcon name="fitWidth" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Ingrandisci">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Ingrandisci"
            onClick={() => setZoomIndex((index) => Math.min(index + 1, ZOOM_STEPS.length - 1))}
            disabled={zoomIndex === ZOOM_STEPS.length - 1}
          >
            <FileIcon name="zoomIn" />
          </ActionIcon>
        </Tooltip>
      </Group>
      {/* Focusable, so the pages scroll with the keyboard too (axe scrollable-region-focusable). */}
      <div ref={ref} style={{ flex: 1, overflow: 'auto', padding: 8 }} data-testid="pdf-scroller" tabIndex={0} role="region" aria-label="Pagine del documento">
        <Document
          file={file}
          onLoadSuccess={(document) => {
            setPageCount(document.numPages);
            setPage(1);
          }}
          onLoadError={(error) => setLoadError(viewerErrorMessage(statusOfPdfError(error)))}
          onSourceError={() => setLoadError(VIEWER_MSG.failed)}
          loading={
            <Center py="xl">
              <Loader aria-label="Caricamento del documento" />
            </Center>
          }
          error={<span />}
        >
          {pageError === page ? (
            <Alert color="red" variant="light" role="alert" maw={480} mx="auto" mt="md">
              {VIEWER_MSG.page(page)}
            </Alert>
          ) : (
            <Page
              key={page}
              pageNumber={page}
              width={pageWidth}
              renderAnnotationLayer
              renderTextLayer
              onLoadError={() => setPageError(page)}
              onRenderError={() => setPageError(page)}
              loading={
                <Center py="xl">
                  <Loader size="sm" aria-label={`Caricamento della pagina ${page}`} />
                </Center>
              }
              error={<span />}
              className="pdf-page"
            />
          )}
        </Document>
      </div>
    </Stack>
  );
};

export default PdfDocument;
