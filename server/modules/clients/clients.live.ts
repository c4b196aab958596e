import { requireActor, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { openBusStream } from '../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../realtime/session-events';
import { clientsTopics, type TClientsChanged } from './clients.events';

const isClientsChanged = (value: unknown): value is TClientsChanged =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TClientsChanged).cornerId === 'string' &&
  ['upsert', 'remove', 'reload'].includes((value as TClientsChanged).kind) &&
  Array.isArray((value as TClientsChanged).ids);

/**
 * The changes of the books the caller sees, as they are committed (the `clients.onChange` subscription): a corner
 * hears of its own book, an admin of every book, a broker of none. Subscribed to the bus before it returns; ends
 * when `signal` aborts, and fails with UNAUTHENTICATED once the caller's session ends.
 */
export const createClientsLive =
  ({ bus }: Pick<TServiceDeps, 'bus'>) =>
  (ctx: TRequestContext, options: { signal?: AbortSignal }): AsyncGenerator<TClientsChanged> => {
    const actor = requireActor(ctx);
    const books = actor.role === 'admin' ? [clientsTopics.all] : actor.role === 'corner' ? [clientsTopics.corner(actor.userId)] : [];
    const stream = openBusStream(bus, [...books, SESSIONS_TOPIC], { signal: options.signal });
    return (async function* () {
      for await (const { topic, payload } of stream) {
        if (topic === SESSIONS_TOPIC) {
          if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
          continue;
        }
        if (isClientsChanged(payload)) yield { cornerId: payload.cornerId, kind: payload.kind, ids: [...payload.ids] };
      }
    })();
  };
