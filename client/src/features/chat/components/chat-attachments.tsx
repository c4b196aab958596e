import { ActionIcon, Anchor, Group, Stack, Tooltip } from '@mantine/core';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { canPreview, fileUrl } from '../chat-format';
import { ChatIcon } from './chat-icons';

/** A message's files: the name downloads it; pdf, png, jpg and jpeg also open for a look in a new tab. */
export const ChatAttachments = ({ files }: { files: readonly TFileItem[] }) => (
  <Stack gap={4} mt={4} aria-label="Allegati">
    {files.map((file) => (
      <Group key={file.path} gap={6} wrap="nowrap">
        <ChatIcon name="file" size={16} style={{ flex: 'none' }} />
        <Anchor href={fileUrl(file)} download size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }} aria-label={`Scarica ${file.name}`}>
          {file.name}
        </Anchor>
        {canPreview(file) && (
          <Tooltip label="Anteprima" withinPortal={false}>
            <ActionIcon component="a" href={fileUrl(file, true)} target="_blank" rel="noopener noreferrer" variant="subtle" size="sm" color="gray" aria-label={`Anteprima di ${file.name}`}>
              <ChatIcon name="eye" size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ))}
  </Stack>
);
