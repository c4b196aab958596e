import type { TEventBus } from '../../realtime/event-bus';

/**
 * Internal bus topic: an account's facts that other modules keep in memory changed (name, type, role, sector or
 * state), on any instance. Chat's viewer cache drops the user on it; ended sessions travel on `sessions`.
 */
export const USERS_TOPIC = 'users';

export type TUserChanged = { userId: string };

export const publishUserChanged = (bus: TEventBus, userId: string) => bus.publish(USERS_TOPIC, { userId } satisfies TUserChanged);

export const userIdOfChange = (payload: unknown): string | null =>
  typeof payload === 'object' && payload !== null && typeof (payload as TUserChanged).userId === 'string' ? (payload as TUserChanged).userId : null;
