import { ActionIcon, Box, Button, Center, Group, Progress, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { Icon } from '../../../components/icons';
import type { TOpenRoom } from '../chat-types';
import type { TChatController } from '../hooks/use-chat-controller';
import { useRoomUpload } from '../hooks/use-room-upload';
import { useSeenMessages } from '../hooks/use-seen-messages';
import { ChatComposer } from './chat-composer';
import { ChatIcon } from './chat-icons';
import { ChatMessageItem } from './chat-message-item';

/** Spec section 9: a drop (or a file dragged over the room) highlights it for 1500 ms. */
export const DROP_HIGHLIGHT_MS = 1500;
/** Within this distance of the bottom, a new message scrolls the room down. */
const STICK_TO_BOTTOM_PX = 80;

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/** The maximised room: its messages (older ones on request), the composer, and uploads by picker or drop. */
export const ChatRoomView = ({ room, chat }: { room: TOpenRoom; chat: TChatController }) => {
  const viewport = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [isHighlighted, setIsHighlighted] = useState(false);
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { addStored, acknowledge, loadOlder, send, retry } = chat;
  const onStored = useCallback((clientId: string, message: Parameters<typeof addStored>[2]) => addStored(room.id, clientId, message), [addStored, room.id]);
  const upload = useRoomUpload(room.id, onStored);
  const watchRef = useSeenMessages(viewport, acknowledge);

  useEffect(() => composer.current?.focus(), [room.id]);
  useEffect(() => () => void (highlightTimer.current && clearTimeout(highlightTimer.current)), []);

  // Opening a room shows its latest messages; a new one scrolls down when the reader is at the bottom, or is the sender.
  const lastId = room.messages.at(-1)?.id;
  const scrollState = useRef({ roomId: '', lastId: undefined as string | undefined, height: 0, isPrepending: false });
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const previous = scrollState.current;
    if (previous.isPrepending) {
      element.scrollTop += element.scrollHeight - previous.height;
    } else if (previous.roomId !== room.id) {
      element.scrollTop = element.scrollHeight;
    } else if (previous.lastId !== lastId) {
      const last = room.messages.at(-1);
      const wasAtBottom = previous.height - element.clientHeight - element.scrollTop <= STICK_TO_BOTTOM_PX;
      if (wasAtBottom || last?.sender.id === chat.selfId || last?.clientId) element.scrollTop = element.scrollHeight;
    }
    scrollState.current = { roomId: room.id, lastId, height: element.scrollHeight, isPrepending: false };
  });

  const onLoadOlder = async () => {
    setIsLoadingOlder(true);
    scrollState.current.isPrepending = true;
    scrollState.current.height = viewport.current?.scrollHeight ?? 0;
    await loadOlder(room.id);
    setIsLoadingOlder(false);
  };

  const highlight = () => {
    setIsHighlighted(true);
    if (highlightTimer.current) clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setIsHighlighted(false), DROP_HIGHLIGHT_MS);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    highlight();
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    highlight();
    void upload.start(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack
      gap={0}
      h="100%"
      mih={0}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDrop={onDrop}
      data-highlighted={isHighlighted || undefined}
      data-testid="chat-room"
      style={{
        outline: isHighlighted ? '2px dashed var(--mantine-color-indigo-5)' : 'none',
        outlineOffset: -2,
        background: isHighlighted ? 'var(--mantine-color-indigo-0)' : undefined,
        transition: 'background 120ms',
      }}
    >
      <Group gap={4} px="xs" py={6} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Tooltip label="Riduci" withinPortal={false}>
          <ActionIcon variant="subtle" color="gray" aria-label="Riduci la conversazione" onClick={chat.minimise}>
            <ChatIcon name="back" />
          </ActionIcon>
        </Tooltip>
        <Text fw={700} size="sm" truncate style={{ flex: 1 }} component="h3" m={0}>
          {room.name}
        </Text>
        <Tooltip label="Chiudi conversazione" withinPortal={false}>
          <ActionIcon variant="subtle" color="gray" aria-label={`Chiudi la conversazione ${room.name}`} onClick={() => chat.closeRoom(room.id)}>
            <ChatIcon name="x" />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto" bg="gray.0">
        <Stack gap={8} p="sm" role="log" aria-label={`Messaggi di ${room.name}`} aria-live="polite">
          {room.hasMore && (
            <Center>
              <Button size="compact-xs" variant="subtle" onClick={onLoadOlder} loading={isLoadingOlder}>
                Carica messaggi precedenti
              </Button>
            </Center>
          )}
          {room.messages.length === 0 ? (
            <Stack align="center" gap={4} py="xl" ta="center">
              <Icon name="chat" size={28} color="var(--mantine-color-gray-5)" />
              <Text size="sm" fw={600}>
                Nessun messaggio
              </Text>
              <Text size="xs" c="dimmed">
                Scrivi qui sotto o trascina un file nella conversazione.
              </Text>
            </Stack>
          ) : (
            room.messages.map((message) => {
              const isOwn = message.sender.id === chat.selfId;
              return (
                <ChatMessageItem
                  key={message.clientId && isOwn ? message.clientId : message.id}
                  message={message}
                  isOwn={isOwn}
                  watchRef={!isOwn && !message.ack ? watchRef : undefined}
                  onRetry={() => message.clientId && retry(room.id, message.clientId)}
                />
              );
            })
          )}
        </Stack>
      </ScrollArea>
      {upload.upload && (
        <Box px="xs" pt={6}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate>
              Caricamento del documento: {upload.upload.names}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={upload.abort}>
              Annulla
            </Button>
          </Group>
          <Progress size={2} value={Math.round(upload.upload.progress * 100)} aria-label="Caricamento del documento" mt={4} />
        </Box>
      )}
      <ChatComposer ref={composer} onSend={(text) => send(room.id, text)} onFiles={(files) => void upload.start(files)} isUploading={upload.upload !== null} />
    </Stack>
  );
};
