import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { showApiError } from '../../../lib/api-error-display';
import { useConnectionState } from '../../../lib/realtime/realtime-context';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { localMessageId, newClientId } from '../client-id';
import { chatReducer, INITIAL_CHAT_STATE, isLocalMessage } from '../chat-state';
import type { TChatMessage } from '../chat-types';

/** How long a sent message may wait for the server's acknowledgement before it shows as failed (with retry). */
export const SEND_TIMEOUT_MS = 10_000;
/** `openingId` while the staff room is being opened. */
export const STAFF_OPENING_ID = 'staff';
/** How long a `chat.ack` may wait for its answer before the message may be acknowledged again. */
const ACK_TIMEOUT_MS = 10_000;

/**
 * The chat of the signed-in user, alive while the shell is: the rooms of spec section 4 (reducer in
 * chat-state.ts), fed by `chat.onMessage` and `chat.onAck` (tracked: after a drop they replay what came
 * meanwhile), sending with `chat.send` over the realtime connection (answered with the stored message, retried
 * with the same clientId) and acknowledging with `chat.ack`. On every (re)connection it also fetches the pending
 * list and the open rooms. `isShown`: the panel is on screen (a new message of the maximised room is then seen).
 */
export const useChatController = ({ selfId, isShown }: { selfId: string; isShown: boolean }) => {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const { connected } = useConnectionState();
  const [state, dispatch] = useReducer(chatReducer, INITIAL_CHAT_STATE);
  const [openingId, setOpeningId] = useState<string | null>(null);
  const latest = useRef({ state, isShown });
  useEffect(() => {
    latest.current = { state, isShown };
  });
  const acking = useRef(new Set<string>());

  const refreshPending = useCallback(async () => {
    try {
      dispatch({ type: 'pendingLoaded', items: await trpcClient.chat.pendingAcks.query() });
    } catch {
      // Shown again on the next (re)connection; nothing to tell the user now.
    }
  }, [trpcClient]);

  /** The viewer's conversations with their newest message (the panel's list after a login or a reconnect). */
  const refreshRooms = useCallback(async () => {
    try {
      dispatch({ type: 'roomsListed', items: await trpcClient.chat.rooms.query() });
    } catch {
      // Listed again on the next (re)connection; live messages keep the list meanwhile.
    }
  }, [trpcClient]);

  const fetchRoom = useCallback((roomId: string, before?: string) => trpcClient.chat.room.query({ roomId, before }), [trpcClient]);

  useEffect(() => {
    void refreshPending();
    void refreshRooms();
    if (!connected) return;
    for (const room of latest.current.state.rooms) {
      fetchRoom(room.id)
        .then((fresh) => dispatch({ type: 'roomRefreshed', room: fresh }))
        .catch(() => undefined);
    }
  }, [connected, refreshPending, refreshRooms, fetchRoom]);

  useSubscription(
    trpc.chat.onMessage.subscriptionOptions(undefined, {
      onData: ({ data: event }) => dispatch({ type: 'newMessage', event, selfId, isActiveShown: latest.current.isShown }),
    }),
  );
  // The other side read one of the viewer's messages: its tick turns to "Letto" at once.
  useSubscription(trpc.chat.onAck.subscriptionOptions(undefined, { onData: ({ data: event }) => dispatch({ type: 'acked', messageId: event.messageId }) }));

  /** Opening a room already open only maximises it; otherwise it is loaded, appended and maximised. */
  const openRoom = useCallback(async (roomId: string) => {
    if (latest.current.state.rooms.some((room) => room.id === roomId)) {
      dispatch({ type: 'maximise', roomId });
      // Meanwhile the other side may have read the viewer's messages: their ticks come with the room.
      fetchRoom(roomId)
        .then((fresh) => dispatch({ type: 'roomRefreshed', room: fresh }))
        .catch(() => undefined);
      return;
    }
    setOpeningId(roomId);
    try {
      dispatch({ type: 'roomLoaded', room: await fetchRoom(roomId) });
    } catch (error) {
      showApiError(error);
    } finally {
      setOpeningId(null);
    }
  }, [fetchRoom]);

  const openContact = useCallback(
    async (userId: string) => {
      setOpeningId(userId);
      try {
        const room = await trpcClient.chat.open.mutate({ userId });
        await openRoom(room.id);
      } catch (error) {
        showApiError(error);
      } finally {
        setOpeningId(null);
      }
    },
    [openRoom, trpcClient],
  );

  /** The staff contact chosen: its room is opened (created the first time) and maximised; answers its id. */
  const openStaff = useCallback(async (): Promise<string | null> => {
    setOpeningId(STAFF_OPENING_ID);
    try {
      const room = await trpcClient.chat.openStaff.mutate();
      await openRoom(room.id);
      return room.id;
    } catch (error) {
      showApiError(error);
      return null;
    } finally {
      setOpeningId(null);
    }
  }, [openRoom, trpcClient]);

  const loadOlder = useCallback(async (roomId: string) => {
    const room = latest.current.state.rooms.find((open) => open.id === roomId);
    const oldest = room?.messages.find((message) => !isLocalMessage(message));
    if (!room || !oldest) return;
    try {
      const page = await fetchRoom(roomId, oldest.id);
      dispatch({ type: 'olderLoaded', roomId, messages: page.messages, hasMore: page.hasMore });
    } catch (error) {
      showApiError(error);
    }
  }, [fetchRoom]);

  /** `chat.send` over the realtime connection: the stored message, or a failure; no answer in time counts as one. */
  const emitMessage = useCallback(
    (roomId: string, text: string, clientId: string) => {
      let isSettled = false;
      const fail = () => {
        if (isSettled) return;
        isSettled = true;
        dispatch({ type: 'sendFailed', roomId, clientId });
      };
      const timer = setTimeout(fail, SEND_TIMEOUT_MS);
      trpcClient.chat.send.mutate({ roomId, text, clientId }).then(
        (message) => {
          clearTimeout(timer);
          // Also after a timeout: the message was stored after all.
          isSettled = true;
          dispatch({ type: 'sent', roomId, clientId, message });
        },
        () => {
          clearTimeout(timer);
          fail();
        },
      );
    },
    [trpcClient],
  );

  /** Sends a message; answers false (and sends nothing) when the trimmed text is empty. */
  const send = useCallback(
    (roomId: string, rawText: string): boolean => {
      const text = rawText.trim();
      if (text === '') return false;
      const clientId = newClientId();
      dispatch({
        type: 'sending',
        roomId,
        message: { id: localMessageId(clientId), roomId, text, createdAt: new Date(), sender: { id: selfId, name: '' }, ack: false, upload: [], clientId, status: 'sending' },
      });
      emitMessage(roomId, text, clientId);
      return true;
    },
    [emitMessage, selfId],
  );

  /** Sends a failed message again with its clientId: the server stores it once however many times it arrives. */
  const retry = useCallback(
    (roomId: string, clientId: string) => {
      const message = latest.current.state.rooms.find((room) => room.id === roomId)?.messages.find((item) => item.id === localMessageId(clientId));
      if (!message || message.status !== 'failed') return;
      dispatch({ type: 'retrying', roomId, clientId });
      emitMessage(roomId, message.text, clientId);
    },
    [emitMessage],
  );

  /** A message stored by another way (an upload): shown once, like one sent over the socket. */
  const addStored = useCallback((roomId: string, clientId: string, message: TChatMessage) => dispatch({ type: 'sent', roomId, clientId, message }), []);

  /** `chat.ack`: the item leaves the pending list and the room's counter drops; on failure the list is fetched again. */
  const acknowledge = useCallback(
    (messageId: string) => {
      if (acking.current.has(messageId)) return;
      acking.current.add(messageId);
      dispatch({ type: 'acked', messageId });
      const timer = setTimeout(() => acking.current.delete(messageId), ACK_TIMEOUT_MS);
      const fail = () => {
        clearTimeout(timer);
        acking.current.delete(messageId);
        void refreshPending();
      };
      trpcClient.chat.ack.mutate({ messageId }).catch(fail);
    },
    [trpcClient, refreshPending],
  );

  return {
    state,
    selfId,
    openingId,
    openRoom,
    openContact,
    openStaff,
    loadOlder,
    minimise: useCallback(() => dispatch({ type: 'minimise' }), []),
    closeRoom: useCallback((roomId: string) => dispatch({ type: 'close', roomId }), []),
    send,
    retry,
    addStored,
    acknowledge,
  };
};

export type TChatController = ReturnType<typeof useChatController>;
