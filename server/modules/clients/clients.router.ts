import { z } from 'zod';
import { ZClient, ZListClientsQuery } from '../../../shared/schemas/data';
import {
  ZAddClientNoteInput,
  ZClientIdInput,
  ZClientNote,
  ZClientRecord,
  ZCreateClientInput,
  ZPatchClientInput,
} from '../../../shared/schemas/client-record';
import { authedProcedure, router } from '../../trpc/trpc';
import { clientsGdprProcedures } from './clients-gdpr.router';
import { clientsMoveProcedures } from './clients-move.router';
import { clientsImportRouter } from './clients-import.router';

export const clientsRouter = router({
  ...clientsGdprProcedures,
  ...clientsMoveProcedures,
  import: clientsImportRouter,
  find: authedProcedure
    .input(ZListClientsQuery)
    .output(z.object({ list: z.array(ZClient), total: z.number() }))
    .query(({ ctx, input }) => ctx.services.clients.list(ctx.ctx, input)),
  get: authedProcedure
    .input(ZClientIdInput)
    .output(ZClientRecord)
    .query(({ ctx, input }) => ctx.services.clients.get(ctx.ctx, input.id)),
  create: authedProcedure
    .input(ZCreateClientInput)
    .output(ZClientRecord)
    .mutation(({ ctx, input }) => ctx.services.clients.create(ctx.ctx, input)),
  update: authedProcedure
    .input(ZPatchClientInput)
    .output(ZClientRecord)
    .mutation(({ ctx, input }) => ctx.services.clients.update(ctx.ctx, input)),
  remove: authedProcedure
    .input(ZClientIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.clients.remove(ctx.ctx, input.id)),
  notes: router({
    list: authedProcedure
      .input(ZClientIdInput)
      .output(z.array(ZClientNote))
      .query(({ ctx, input }) => ctx.services.clients.notes.list(ctx.ctx, input.id)),
    add: authedProcedure
      .input(ZAddClientNoteInput)
      .output(ZClientNote)
      .mutation(({ ctx, input }) => ctx.services.clients.notes.add(ctx.ctx, input)),
  }),
});
