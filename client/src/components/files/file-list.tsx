import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session/use-session';
import { useConfirm } from '../dialog/use-confirm';
import { downloadFiles } from './download';
import { fileControls, type TFileListOptions, type TListFile } from './file-controls';
import { FileIcon } from './file-icons';
import { isPreviewable } from './file-kinds';
import { FileRow } from './file-row';
import { FileViewer } from './file-viewer';
import { RenameFileDialog } from './rename-file-dialog';
import { useFileActions, type TFileActionCallbacks } from './use-file-actions';

export type { TListFile } from './file-controls';

type TFileListProps<T extends TListFile> = TFileListOptions &
  TFileActionCallbacks & {
    files: readonly T[];
    /** More about a file under its name (an audience, a state). */
    renderDetails?: (file: T) => ReactNode;
    /** More controls of a row, before the download. */
    renderActions?: (file: T) => ReactNode;
    /** The archive name of 'Scarica tutti' (shown with more than one file). */
    zipName?: string;
    /** Shown when there is no file. */
    empty?: ReactNode;
    /** Accessible name of the list. */
    label?: string;
  };

/**
 * The file list widget of spec section 2: per file a preview (pdf, png, jpg, jpeg) in the viewer overlay, a
 * download, and where allowed a rename ('Modifica nome file') and a delete; 'Scarica tutti' with more than one.
 */
export const FileList = <T extends TListFile>(props: TFileListProps<T>) => {
  const { files, zipName = 'documenti', empty, label = 'File', canDelete, canEdit, renderDetails, renderActions, ...callbacks } = props;
  const { user } = useSession();
  const { confirm, dialog } = useConfirm();
  const actions = useFileActions(callbacks);
  const [renaming, setRenaming] = useState<TListFile | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [isZipping, setIsZipping] = useState(false);
  // The viewer moves between the files it can show (spec section 5 previews).
  const previewable = files.filter((file) => isPreviewable(file));

  if (files.length === 0) return empty ? <>{empty}</> : null;

  const downloadAll = async () => {
    setIsZipping(true);
    try {
      await downloadFiles(
        files.map((file) => ({ path: file.path, name: file.name })),
        zipName,
      );
    } finally {
      setIsZipping(false);
    }
  };

  const askDelete = (file: TListFile) =>
    void confirm({
      title: 'Eliminare il file?',
      message: `«${file.name}» verrà eliminato definitivamente.`,
      confirmLabel: 'Elimina',
      action: () => actions.remove(file),
    });

  return (
    <Stack gap="xs">
      <Stack component="ul" gap={0} aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {files.map((file, index) => (
          <Fragment key={file.path}>
            {index > 0 && <Divider component="li" role="presentation" />}
            <FileRow
              file={file}
              controls={fileControls(file, user?.role, { canDelete, canEdit })}
              onPreview={() => setViewing(previewable.findIndex((item) => item.path === file.path))}
              onDownload={() => void downloadFiles([{ path: file.path, name: file.name }])}
              onRename={() => setRenaming(file)}
              onDelete={() => askDelete(file)}
              details={renderDetails?.(file)}
              actions={renderActions?.(file)}
            />
          </Fragment>
        ))}
      </Stack>
      {files.length > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {files.length} file
          </Text>
          <Button variant="light" size="xs" leftSection={<FileIcon name="download" size={16} />} loading={isZipping} onClick={() => void downloadAll()}>
            Scarica tutti
          </Button>
        </Group>
      )}
      <RenameFileDialog
        file={renaming}
        onClose={() => setRenaming(null)}
        onSave={async (name) => {
          if (!renaming) return false;
          const isDone = await actions.rename(renaming, name);
          if (isDone) setRenaming(null);
          return isDone;
        }}
      />
      <FileViewer files={previewable} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
      {dialog}
    </Stack>
  );
};
