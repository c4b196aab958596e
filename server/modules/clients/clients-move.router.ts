import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ZClientRecord, ZMoveClientInput } from '../../../shared/schemas/client-record';
import { authedProcedure, trackedStream } from '../../trpc/trpc';

/** A reconnecting client's last event id is accepted and ignored: the lists refetch when the connection opens. */
const ZClientsOnChangeInput = z.object({ lastEventId: z.string().max(100).nullish() }).nullish();

/** `clients.move` (admin) and `clients.onChange` (live lists), spread into clientsRouter. */
export const clientsMoveProcedures = {
  move: authedProcedure
    .input(ZMoveClientInput)
    .output(ZClientRecord)
    .mutation(({ ctx, input }) => ctx.services.clients.move(ctx.ctx, input)),
  /** What changed in the books the caller sees (a corner its own, an admin all, a broker none), after each commit. */
  onChange: authedProcedure.input(ZClientsOnChangeInput).subscription(({ ctx, signal }) => {
    const stream = ctx.services.clients.watch(ctx.ctx, { signal });
    return trackedStream(stream, () => randomUUID());
  }),
};
