import { ActionIcon, FileButton, Group, Textarea, Tooltip } from '@mantine/core';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { CHAT_TEXT_MAX } from '../../../../../shared/schemas/chat';
import { ChatIcon } from './chat-icons';

type TChatComposerProps = {
  /** Answers whether the text was sent (an empty one is not). */
  onSend: (text: string) => boolean;
  onFiles: (files: File[]) => void;
  isUploading: boolean;
};

/** Spec section 5: Enter sends, Shift+Enter adds a line, the area grows with the text, an empty send is ignored. */
export const ChatComposer = forwardRef<HTMLTextAreaElement, TChatComposerProps>(({ onSend, onFiles, isUploading }, ref) => {
  const [text, setText] = useState('');
  const submit = () => {
    if (onSend(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  return (
    <Group gap={6} align="flex-end" wrap="nowrap" p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <FileButton onChange={onFiles} multiple disabled={isUploading}>
        {(props) => (
          <Tooltip label="Seleziona file" withinPortal={false}>
            <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label="Seleziona file" disabled={isUploading}>
              <ChatIcon name="paperclip" size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      <Textarea
        ref={ref}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={CHAT_TEXT_MAX}
        placeholder="Scrivi un messaggio..."
        aria-label="Messaggio"
        aria-description="Invio per spedire, Maiusc+Invio per andare a capo"
        style={{ flex: 1 }}
      />
      <Tooltip label="Invia" withinPortal={false}>
        <ActionIcon size="lg" aria-label="Invia" onClick={submit} data-disabled={text.trim() === '' || undefined} aria-disabled={text.trim() === ''}>
          <ChatIcon name="send" size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
});
ChatComposer.displayName = 'ChatComposer';
