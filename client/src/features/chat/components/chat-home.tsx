import { Anchor, Avatar, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHAT_MSG } from '../../../../../shared/chat-messages';
import { Icon } from '../../../components/icons';
import { CHAT_STAFF_QUERY_KEY, fetchStaff } from '../api/chat-api';
import type { TChatController } from '../hooks/use-chat-controller';
import { ChatIcon } from './chat-icons';
import { ChatListRow } from './chat-list-row';
import { ChatSearch } from './chat-search';
import { PendingAckList } from './pending-ack-list';

const SectionTitle = ({ id, children }: { id: string; children: string }) => (
  <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase">
    {children}
  </Text>
);

/** The staff contact of non-broker users (spec sections 2 and 6): their staff room, created on first use. */
const StaffContact = ({ chat, supportEmail }: { chat: TChatController; supportEmail: string | null }) => {
  const staff = useQuery({ queryKey: CHAT_STAFF_QUERY_KEY, queryFn: ({ signal }) => fetchStaff(signal), staleTime: Infinity, meta: { errorToast: true } });
  const entry = staff.data?.find((item) => item.roomId !== null);
  if (!entry?.roomId) return null;
  const roomId = entry.roomId;
  return (
    <Stack gap={4}>
      <div role="list" aria-label="Assistenza">
        <ChatListRow
          title={entry.name || CHAT_MSG.staffName}
          subtitle="Assistenza del Portale Intermediari"
          onOpen={() => void chat.openRoom(roomId)}
          isLoading={chat.openingId === roomId}
          count={chat.state.pending.filter((item) => item.room.id === roomId).length}
          avatar={
            <Avatar size={32} radius="xl" color="teal">
              <ChatIcon name="headset" size={18} />
            </Avatar>
          }
        />
      </div>
      {supportEmail && (
        <Text size="xs" c="dimmed" px={6}>
          Oppure scrivi a{' '}
          <Anchor href={`mailto:${supportEmail}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
            {supportEmail}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
};

/** With no room maximised: search, the staff contact, the open rooms and the messages to acknowledge. */
export const ChatHome = ({ chat, hasStaffContact, supportEmail }: { chat: TChatController; hasStaffContact: boolean; supportEmail: string | null }) => {
  const { rooms, pending } = chat.state;
  return (
    <Stack gap="md" p="sm">
      <ChatSearch chat={chat} />
      {hasStaffContact && <StaffContact chat={chat} supportEmail={supportEmail} />}
      <Stack gap={4} component="section" aria-labelledby="chat-open-rooms-title">
        <SectionTitle id="chat-open-rooms-title">Conversazioni aperte</SectionTitle>
        {rooms.length === 0 ? (
          <Stack align="center" gap={4} py="sm" ta="center">
            <ThemeIcon size={40} radius="xl" variant="light" color="gray">
              <Icon name="chat" size={22} />
            </ThemeIcon>
            <Text size="sm" fw={600}>
              Nessuna conversazione aperta
            </Text>
            <Text size="xs" c="dimmed">
              {hasStaffContact ? 'Scrivi allo staff o cerca un broker per iniziare.' : 'Cerca un nome per iniziare una conversazione.'}
            </Text>
          </Stack>
        ) : (
          <Stack gap={2} role="list" aria-label="Conversazioni aperte">
            {rooms.map((room) => (
              <ChatListRow
                key={room.id}
                title={room.name}
                subtitle={room.messages.at(-1)?.text || (room.messages.at(-1)?.upload.length ? 'Allegato' : 'Nessun messaggio')}
                onOpen={() => void chat.openRoom(room.id)}
                count={room.toAck}
                onClose={() => chat.closeRoom(room.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {pending.length > 0 && <PendingAckList chat={chat} />}
    </Stack>
  );
};
