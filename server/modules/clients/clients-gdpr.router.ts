import { ZClientDocuments, ZClientErasureResult, ZClientExport } from '../../../shared/schemas/client-gdpr';
import { ZClientIdInput } from '../../../shared/schemas/client-record';
import { authedProcedure, router } from '../../trpc/trpc';

/** clients.documents.* and clients.gdpr.* (merged into the clients router). */
export const clientsGdprProcedures = {
  documents: router({
    /** The client's documents (files with their docType); rename and delete through files.rename / files.delete. */
    list: authedProcedure
      .input(ZClientIdInput)
      .output(ZClientDocuments)
      .query(({ ctx, input }) => ctx.services.clients.documents.list(ctx.ctx, input.id)),
  }),
  gdpr: router({
    /** What the export zip's cliente.json holds (no files); written to the audit log. */
    exportData: authedProcedure
      .input(ZClientIdInput)
      .output(ZClientExport)
      .query(({ ctx, input }) => ctx.services.clients.gdpr.exportData(ctx.ctx, input.id)),
    /** Erases the client's data, or refuses (CONFLICT) with the date until which a practice or payment holds it. */
    erase: authedProcedure
      .input(ZClientIdInput)
      .output(ZClientErasureResult)
      .mutation(({ ctx, input }) => ctx.services.clients.gdpr.erase(ctx.ctx, input.id)),
  }),
};
