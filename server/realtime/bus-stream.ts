import { AppError } from '../platform/errors';
import type { TEventBus } from './event-bus';

export type TBusStreamItem = { topic: string; payload: unknown };

/**
 * Subscribes to `topics` at once and yields their events in arrival order, until `signal` aborts or the
 * consumer stops. Subscribing before the caller reads anything else (a replay from the database) is what lets
 * it miss nothing in between. A consumer that falls `maxBuffered` events behind gets an error and should
 * subscribe again from its last event id.
 */
export const openBusStream = (bus: TEventBus, streamTopics: readonly string[], options: { signal?: AbortSignal; maxBuffered?: number } = {}) => {
  const maxBuffered = options.maxBuffered ?? 1_000;
  const queue: TBusStreamItem[] = [];
  let wake: (() => void) | null = null;
  let isEnded = false;
  let hasOverflowed = false;

  const end = () => {
    if (isEnded) return;
    isEnded = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
    options.signal?.removeEventListener('abort', end);
    wake?.();
  };
  const unsubscribes = streamTopics.map((topic) =>
    bus.subscribe(topic, (payload) => {
      if (isEnded) return;
      if (queue.length >= maxBuffered) {
        hasOverflowed = true;
        end();
        return;
      }
      queue.push({ topic, payload });
      wake?.();
    }),
  );
  options.signal?.addEventListener('abort', end, { once: true });
  if (options.signal?.aborted) end();

  const iterate = async function* (): AsyncGenerator<TBusStreamItem, void, undefined> {
    try {
      while (true) {
        const item = queue.shift();
        if (item) {
          yield item;
          continue;
        }
        if (isEnded) {
          if (hasOverflowed) throw new AppError('INTERNAL', { message: 'realtime stream overflow: the consumer is too slow' });
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      end();
    }
  };
  return Object.assign(iterate(), { close: end });
};
