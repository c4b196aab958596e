import { Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BROKER_TYPE_LABELS } from '../../../../../shared/constants';
import { Icon } from '../../../components/icons';
import { useTRPC } from '../../../lib/trpc';
import type { TChatController } from '../hooks/use-chat-controller';
import { ChatListRow } from './chat-list-row';

/** Spec section 9: the chat search waits 600 ms after the last keystroke. */
export const CHAT_SEARCH_DEBOUNCE_MS = 600;

/** Search by room or person (GET /api/chat?name=); empty or blank text clears the results (spec section 5). */
export const ChatSearch = ({ chat }: { chat: TChatController }) => {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const name = text.trim() === '' ? '' : debounced;
  const trpc = useTRPC();
  const results = useQuery({
    ...trpc.chat.search.queryOptions({ name }),
    enabled: name !== '',
    staleTime: 10_000,
  });
  const rooms = results.data?.rooms ?? [];
  const roomIds = new Set(rooms.map((room) => room.id));
  const inListedRoom = new Set(rooms.flatMap((room) => room.partecipants.map((person) => person.id)));
  // A contact whose room is already listed would be the same line twice.
  const contacts = (results.data?.contacts ?? []).filter((contact) => !(contact.roomId && roomIds.has(contact.roomId)) && !inListedRoom.has(contact.userId));

  return (
    <Stack gap={6}>
      <TextInput
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder="Cerca..."
        aria-label="Cerca conversazioni e contatti"
        leftSection={<Icon name="search" size={16} />}
        rightSection={results.isFetching ? <Loader size={14} /> : null}
        type="search"
      />
      {name !== '' && results.isSuccess && (
        <Stack gap={2} role="list" aria-label="Risultati della ricerca">
          {rooms.length === 0 && contacts.length === 0 ? (
            <Text size="sm" c="dimmed" px="xs">
              Nessun risultato per “{name}”.
            </Text>
          ) : (
            <>
              {rooms.map((room) => (
                <ChatListRow key={room.id} title={room.name} subtitle="Conversazione" onOpen={() => void chat.openRoom(room.id)} isLoading={chat.openingId === room.id} />
              ))}
              {contacts.map((contact) => (
                <ChatListRow
                  key={contact.userId}
                  title={contact.name}
                  subtitle={contact.sector ? `Broker · ${BROKER_TYPE_LABELS[contact.sector]}` : contact.type === 'broker' ? 'Broker' : 'Contatto'}
                  onOpen={() => void (contact.roomId ? chat.openRoom(contact.roomId) : chat.openContact(contact.userId))}
                  isLoading={chat.openingId === contact.userId || chat.openingId === contact.roomId}
                />
              ))}
            </>
          )}
        </Stack>
      )}
      {name !== '' && results.isError && (
        <UnstyledButton onClick={() => void results.refetch()}>
          <Text size="sm" c="red.7" px="xs">
            Ricerca non riuscita. Riprova.
          </Text>
        </UnstyledButton>
      )}
    </Stack>
  );
};
