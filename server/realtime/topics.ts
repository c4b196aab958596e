import type { TRole } from '../../shared/constants';
import type { TServerEventName, TServerEventPayloads } from '../../shared/realtime';
import type { TEventBus } from './event-bus';

/** Topics whose events go to the browsers (socket.io events and tRPC subscriptions). */
export const topics = {
  user: (userId: string) => `user:${userId}`,
  role: (role: TRole) => `role:${role}`,
  room: (roomId: string) => `room:${roomId}`,
  /** The brokers of one sector (chat rooms of that sector). */
  sector: (sector: string) => `sector:${sector}`,
  all: 'all',
} as const;

export const isClientTopic = (topic: string): boolean => topic === topics.all || /^(user|role|room|sector):./.test(topic);

/**
 * An event for the browsers, in the shape of the socket.io event of spec section 7 that carries it. `except`: a
 * socket.io connection that must not get it (the one whose own action it reports, already answered).
 */
export type TClientEvent = { [E in TServerEventName]: { event: E; data: TServerEventPayloads[E]; except?: string } }[TServerEventName];

const SERVER_EVENT_NAMES: Record<TServerEventName, true> = { notifications: true, notification: true, onetimemessage: true, syncSettings: true, online: true, newMessage: true, msgAcked: true };

export const isClientEvent = (value: unknown): value is TClientEvent =>
  typeof value === 'object' && value !== null && Object.hasOwn(SERVER_EVENT_NAMES, (value as { event?: unknown }).event as string);

/** Sends an event to every browser connection subscribed to `topic`, on every instance. */
export const publishToClients = (bus: TEventBus, topic: string, event: TClientEvent) => bus.publish(topic, event);
