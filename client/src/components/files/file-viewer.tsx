import { ActionIcon, Button, Center, Group, Loader, Modal, Text, Tooltip } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { buildFileUrl } from './download-url';
import { downloadFiles } from './download';
import { FileIcon } from './file-icons';
import { viewerKind } from './file-kinds';
import classes from './file-viewer.module.css';
import { useBackToClose } from './use-back-to-close';
import { AudioView, ImageView, OtherView, VideoView, type TViewerFile } from './viewer-media';

export type { TViewerFile } from './viewer-media';

// react-pdf and pdf.js weigh hundreds of KB: fetched the first time a PDF is opened.
const PdfDocument = lazy(() => import('./pdf-document'));

type TFileViewerProps = {
  files: readonly TViewerFile[];
  /** The file shown; null keeps the overlay closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

const ViewerContent = ({ file }: { file: TViewerFile }) => {
  switch (viewerKind(file)) {
    case 'image':
      return <ImageView file={file} />;
    case 'video':
      return <VideoView file={file} />;
    case 'audio':
      return <AudioView file={file} />;
    case 'pdf':
      return (
        <Suspense
          fallback={
            <Center h="100%">
              <Loader aria-label="Caricamento del documento" />
            </Center>
          }
        >
          <PdfDocument url={buildFileUrl(file.path)} name={file.name} />
        </Suspense>
      );
    default:
      return <OtherView file={file} />;
  }
};

/**
 * The file viewer overlay of spec section 2: full screen over the page, closed by the browser back action, Esc
 * or its close button; with several files the footer moves between them.
 */
export const FileViewer = ({ files, index, onIndexChange, onClose }: TFileViewerProps) => {
  const file = index === null ? undefined : files[index];
  const isOpen = file !== undefined;
  useBackToClose(isOpen, onClose);
  const hasMany = files.length > 1;
  const current = index ?? 0;

  return (
    <Modal.Root opened={isOpen} onClose={onClose} fullScreen transitionProps={{ duration: 0 }}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body className={classes.body} data-testid="file-viewer">
          <Group className={classes.header} justify="space-between" wrap="nowrap" gap="sm">
            <Modal.Title fw={600} style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {file?.name}
            </Modal.Title>
            <Group gap="xs" wrap="nowrap">
              <Tooltip label="Scarica">
                <ActionIcon
                  variant="subtle"
                  color="gray.0"
                  size="lg"
                  aria-label="Scarica"
                  onClick={() => file && void downloadFiles([{ path: file.path, name: file.name }])}
                >
                  <FileIcon name="download" />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Chiudi">
                <ActionIcon variant="subtle" color="gray.0" size="lg" aria-label="Chiudi" onClick={onClose} data-autofocus>
                  <FileIcon name="close" />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <div className={classes.stage}>{file && <ViewerContent key={file.path} file={file} />}</div>
          {hasMany && (
            <Group className={classes.footer} justify="space-between" wrap="nowrap">
              <Button
                variant="subtle"
                color="gray.0"
                leftSection={<FileIcon name="left" />}
                disabled={current <= 0}
                onClick={() => onIndexChange(current - 1)}
              >
                Precedente
              </Button>
              <Text size="sm" aria-live="polite">
                File {current + 1} di {files.length}
              </Text>
              <Button
                variant="subtle"
                color="gray.0"
                rightSection={<FileIcon name="right" />}
                disabled={current >= files.length - 1}
                onClick={() => onIndexChange(current + 1)}
              >
                Successivo
              </Button>
            </Group>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
