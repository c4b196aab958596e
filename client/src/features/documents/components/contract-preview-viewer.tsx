import { ActionIcon, Center, Group, Loader, Modal, Tooltip } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CONTRACT_PREVIEW_NAME } from '../../../../../shared/schemas/contract';
import { FileIcon } from '../../../components/files/file-icons';
import classes from '../../../components/files/file-viewer.module.css';
import { useBackToClose } from '../../../components/files/use-back-to-close';
import { CONTRACT_PREVIEW_URL } from '../api/documents-api';
import { downloadContractPreview } from '../download-contract-preview';

// react-pdf and pdf.js weigh hundreds of KB: fetched the first time a PDF is opened.
const PdfDocument = lazy(() => import('../../../components/files/pdf-document'));

type TContractPreviewViewerProps = { opened: boolean; onClose: () => void };

/**
 * The unsigned contract in the file viewer overlay (the same PDF pages, download and close, closed by back or
 * Esc). It is not a stored file yet, so it is read from the contract's own preview address.
 */
export const ContractPreviewViewer = ({ opened, onClose }: TContractPreviewViewerProps) => {
  useBackToClose(opened, onClose);
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen transitionProps={{ duration: 0 }}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body className={classes.body} data-testid="file-viewer">
          <Group className={classes.header} justify="space-between" wrap="nowrap" gap="sm">
            <Modal.Title fw={600} style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {CONTRACT_PREVIEW_NAME}
            </Modal.Title>
            <Group gap="xs" wrap="nowrap">
              <Tooltip label="Scarica">
                <ActionIcon variant="subtle" color="gray.0" size="lg" aria-label="Scarica" onClick={() => void downloadContractPreview()}>
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
          <div className={classes.stage}>
            {opened && (
              <Suspense
                fallback={
                  <Center h="100%">
                    <Loader aria-label="Caricamento del documento" />
                  </Center>
                }
              >
                <PdfDocument url={CONTRACT_PREVIEW_URL} name={CONTRACT_PREVIEW_NAME} />
              </Suspense>
            )}
          </div>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
