import { Anchor, Avatar, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_MSG } from '../../../../../shared/chat-messages';
import { Icon } from '../../../components/icons';
import { prepositionBefore } from '../../../lib/italian';
import { useTRPC } from '../../../lib/trpc';
import { formatMessageTime } from '../chat-format';
import { conversationsOf, type TConversation } from '../chat-state';
import { STAFF_OPENING_ID, type TChatController } from '../hooks/use-chat-controller';
import { ChatIcon } from './chat-icons';
import { ChatListRow } from './chat-list-row';
import { ChatSearch } from './chat-search';
import { PendingAckList } from './pending-ack-list';

const SectionTitle = ({ id, children }: { id: string; children: string }) => (
  <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase">
    {children}
  </Text>
);

/**
 * The staff contact of non-broker users (spec sections 2 and 6). Reading it creates nothing: the staff room is
 * opened (created the first time) when the contact is chosen.
 */
const StaffContact = ({ chat, supportEmail }: { chat: TChatController; supportEmail: string | null }) => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const staff = useQuery({ ...trpc.chat.staff.queryOptions(), staleTime: Infinity, meta: { errorToast: true } });
  const entry = staff.data?.find((item) => item.id === 'staff');
  if (!entry) return null;
  const roomId = entry.roomId;
  const open = async () => {
    if (roomId) return chat.openRoom(roomId);
    // From now on the contact knows its room.
    if (await chat.openStaff()) await queryClient.invalidateQueries({ queryKey: trpc.chat.staff.queryKey() });
  };
  return (
    <Stack gap={4}>
      <div role="list" aria-label="Assistenza">
        <ChatListRow
          title={entry.name || CHAT_MSG.staffName}
          subtitle="Assistenza della Piattaforma Intermediari"
          onOpen={() => void open()}
          isLoading={chat.openingId === STAFF_OPENING_ID || (roomId !== null && chat.openingId === roomId)}
          count={roomId ? chat.state.pending.filter((item) => item.room.id === roomId).length : 0}
          avatar={
            <Avatar size={32} radius="xl" color="teal">
              <ChatIcon name="headset" size={18} />
            </Avatar>
          }
        />
      </div>
      {supportEmail && (
        <Text size="xs" c="dimmed" px={6}>
          Oppure scrivi {prepositionBefore(supportEmail)}{' '}
          <Anchor href={`mailto:${supportEmail}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
            {supportEmail}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
};

/** "Tu: testo · 10:32": who wrote a conversation's newest message, what (or that it is an attachment), when. */
const lastMessageLine = (conversation: TConversation, selfId: string): string => {
  const last = conversation.lastMessage;
  if (!last) return 'Nessun messaggio';
  const who = last.sender.id === selfId ? 'Tu' : last.sender.name;
  const what = last.text || (last.upload.length > 0 ? 'Allegato' : '');
  const when = formatMessageTime(last.createdAt);
  return [who ? `${who}: ${what}` : what, when].filter(Boolean).join(' · ');
};

/** With no room maximised: search, the staff contact, the viewer's conversations and the messages to acknowledge. */
export const ChatHome = ({ chat, hasStaffContact, supportEmail }: { chat: TChatController; hasStaffContact: boolean; supportEmail: string | null }) => {
  const { pending } = chat.state;
  const rooms = conversationsOf(chat.state);
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
                subtitle={lastMessageLine(room, chat.selfId)}
                onOpen={() => void chat.openRoom(room.id)}
                isLoading={chat.openingId === room.id}
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
