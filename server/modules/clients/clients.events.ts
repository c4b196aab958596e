import type { TEventBus } from '../../realtime/event-bus';

/** What changed in a corner's book: clients created or changed (`upsert`), removed (`remove`), or many at once (`reload`). */
export type TClientsChanged = { cornerId: string; kind: 'upsert' | 'remove' | 'reload'; ids: string[] };

/** Internal bus topics (not browser topics): one corner's book, and every book (admins). */
export const clientsTopics = {
  corner: (cornerId: string) => `clients:${cornerId}`,
  all: 'clients:all',
} as const;

/** Tells the open lists of this corner's book (and the admins') about a committed change; call after the commit. */
export const publishClientsChanged = async (bus: TEventBus, change: TClientsChanged) => {
  await Promise.all([bus.publish(clientsTopics.corner(change.cornerId), change), bus.publish(clientsTopics.all, change)]);
};
