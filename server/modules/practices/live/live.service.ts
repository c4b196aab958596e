import type { TPracticeOnChangeEvent, TPracticeOnChangeInput } from '../../../../shared/schemas/practice-live';
import { requireActor, type TRequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { TModuleDeps } from '../../../platform/services';
import { openBusStream } from '../../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../../realtime/session-events';
import { scopeOf } from '../engine/access';
import { practicesTopics } from '../engine/events';
import type { TPracticesEngine } from '../engine/engine.service';

const isPracticeChanged = (value: unknown): value is TPracticeOnChangeEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TPracticeOnChangeEvent).sector === 'string' &&
  typeof (value as TPracticeOnChangeEvent).id === 'string' &&
  typeof (value as TPracticeOnChangeEvent).kind === 'string' &&
  typeof (value as TPracticeOnChangeEvent).state === 'string';

/**
 * The committed changes of a sector's practices the caller may see (the `practices.onChange` subscription): a
 * corner hears of its own practices, a broker of its sector's, an admin of all; with `id`, of that practice only
 * (one the caller does not reach answers NOT_FOUND). A broker of another sector hears nothing. Subscribed to the
 * bus before it returns; ends when `signal` aborts, fails with UNAUTHENTICATED once the session ends.
 */
export const createPracticesLive = ({ db, bus }: TModuleDeps, engine: TPracticesEngine) => ({
  watch: async (ctx: TRequestContext, input: TPracticeOnChangeInput, options: { signal?: AbortSignal }): Promise<AsyncGenerator<TPracticeOnChangeEvent>> => {
    const actor = requireActor(ctx);
    const definition = engine.internal.definitionOf(input.sector);
    if (input.id) await engine.internal.reach(actor, definition, input.id);
    const scope = await scopeOf(db, actor, definition.sector);
    const topic = scope === null ? [] : scope.cornerId === null ? [practicesTopics.sector(definition.sector)] : [practicesTopics.corner(scope.cornerId)];
    const stream = openBusStream(bus, [...topic, SESSIONS_TOPIC], { signal: options.signal });
    return (async function* () {
      for await (const { topic: heard, payload } of stream) {
        if (heard === SESSIONS_TOPIC) {
          if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
          continue;
        }
        if (!isPracticeChanged(payload) || payload.sector !== definition.sector) continue;
        if (input.id && payload.id !== input.id) continue;
        yield { sector: payload.sector, id: payload.id, kind: payload.kind, state: payload.state };
      }
    })();
  },
});
