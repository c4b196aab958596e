import { ActionIcon, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import type { TListFile } from './file-controls';
import { FileIcon, type TFileIconName } from './file-icons';
import { fileExtension, formatFileSize, viewerKind } from './file-kinds';

const ICON_OF_KIND: Record<ReturnType<typeof viewerKind>, TFileIconName> = {
  pdf: 'filePdf',
  image: 'fileImage',
  video: 'fileVideo',
  audio: 'fileAudio',
  other: 'file',
};

type TFileRowProps = {
  file: TListFile;
  controls: { canPreview: boolean; canRename: boolean; canDelete: boolean };
  onPreview: () => void;
  onDownload: () => void;
  onRename: () => void;
  onDelete: () => void;
  details?: ReactNode;
  actions?: ReactNode;
};

export const RowAction = ({ label, icon, onClick, color }: { label: string; icon: TFileIconName; onClick: () => void; color?: string }) => (
  <Tooltip label={label} openDelay={300}>
    <ActionIcon variant="subtle" color={color ?? 'gray'} size="lg" aria-label={label} onClick={onClick}>
      <FileIcon name={icon} />
    </ActionIcon>
  </Tooltip>
);

/** One file: type icon, name, size and date, and the controls the rights allow. */
export const FileRow = ({ file, controls, onPreview, onDownload, onRename, onDelete, details, actions }: TFileRowProps) => {
  const extension = fileExtension(file).toUpperCase();
  const meta = [extension || null, file.size != null ? formatFileSize(file.size) : null, file.createdAt ? formatDate(file.createdAt) : null].filter(Boolean);
  return (
    <Group component="li" gap="xs" wrap="wrap" py={8} px={4} data-testid="file-row" aria-label={file.name}>
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 200px', minWidth: 0 }}>
        <ThemeIcon variant="light" size={36} radius="md" color={viewerKind(file) === 'pdf' ? 'red' : 'blue'}>
          <FileIcon name={ICON_OF_KIND[viewerKind(file)]} size={20} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={550} truncate="end" title={file.name}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {meta.join(' · ')}
          </Text>
          {details}
        </div>
      </Group>
      <Group gap={2} wrap="nowrap" ml="auto">
        {actions}
        {controls.canPreview && <RowAction label={`Anteprima di ${file.name}`} icon="eye" onClick={onPreview} />}
        <RowAction label={`Scarica ${file.name}`} icon="download" onClick={onDownload} />
        {controls.canRename && <RowAction label={`Rinomina ${file.name}`} icon="pencil" onClick={onRename} />}
        {controls.canDelete && <RowAction label={`Elimina ${file.name}`} icon="trash" onClick={onDelete} color="red" />}
      </Group>
    </Group>
  );
};
