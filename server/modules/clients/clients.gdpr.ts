import { Readable } from 'node:stream';
import { CLIENT_FILE_SUBJECT, CLIENT_GDPR_MSG, type TClientErasureResult, type TClientExport } from '../../../shared/schemas/client-gdpr';
import { CLIENT_RECORD_MSG, type TClientRecord } from '../../../shared/schemas/client-record';
import type { TDb } from '../../db/database';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TEventBus } from '../../realtime/event-bus';
import { insertAuditEntry } from '../auth/auth.repository';
import { dedupeNames, safeFileName, withExtension } from '../files/download';
import type { TFilesService } from '../files/files.service';
import { createStoredZip } from '../files/zip-writer';
import type { TSettingsService } from '../settings/settings.service';
import { bookOf, clientNotFound } from './clients.access';
import { publishClientsChanged } from './clients.events';
import * as gdprRepo from './clients-gdpr.repository';
import * as repo from './clients.repository';

/**
 * A reason to keep a client's data (a practice, a payment): the date the obligation starts from (the practice
 * closed, the payment recorded) and its kind, whose retention period (years) comes from the settings. Null: nothing
 * of this kind holds the client.
 */
export type TRetentionHold = (clientId: string) => Promise<{ since: Date; kind: 'practice' | 'accounting' } | null>;

/** How a request reached the service, written in the audit entry. */
export type TGdprVia = { method: string; path: string };

type TGdprDeps = { db: TDb; bus: TEventBus; logger: { warn: (object: object, message: string) => void } };
type TGdprParts = {
  files: TFilesService;
  settings: TSettingsService;
  /** The record as read (any corner's; access is checked here first). */
  readRecord: (id: string) => Promise<TClientRecord>;
  userNames: (ids: readonly string[]) => Promise<Map<string, string>>;
};

/** `since` plus `years`, as an ISO date (UTC). */
const addYears = (since: Date, years: number) => {
  const until = new Date(since.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
};

/**
 * GDPR for a client (issue 14): the data export (art. 15/20: the record, its notes and documents as a zip, or as JSON
 * for integrators) and erasure (art. 17: the record anonymised and its documents deleted, unless a practice or a
 * payment must be kept: then refused with the date until which it is held, and the request recorded). Both are
 * written to the audit log whoever asks (the corner itself too). Another corner's client answers like a missing one.
 */
export const createClientsGdpr = ({ db, bus, logger }: TGdprDeps, { files, settings, readRecord, userNames }: TGdprParts) => {
  const holds = new Map<string, TRetentionHold>();

  const reach = async (ctx: TRequestContext, id: string) => {
    const actor = requireActor(ctx);
    const row = await repo.findClient(db, id, bookOf(actor));
    if (!row) throw clientNotFound();
    return { actor, row };
  };

  /** For erasure an admin also reaches a client its corner removed: removal keeps the personal data, erasure does not. */
  const reachForErasure = async (ctx: TRequestContext, id: string) => {
    const actor = requireActor(ctx);
    const removed = actor.role === 'admin' ? await gdprRepo.findRemovedClient(db, id) : undefined;
    return removed ? { actor, row: removed } : reach(ctx, id);
  };

  const audit = (trx: TDb, ctx: TRequestContext, actor: TActor, entry: { cornerId: string; action: string; via: TGdprVia; details?: Record<string, unknown> }) =>
    insertAuditEntry(trx, {
      adminId: actor.impersonatorId ?? actor.userId,
      userId: entry.cornerId,
      action: entry.action,
      method: entry.via.method,
      path: entry.via.path,
      ip: ctx.ip,
      details: { ...entry.details, ...(actor.impersonatorId ? { impersonatedUserId: actor.userId } : {}) },
    });

  /** The export's JSON and the files to put beside it (names unique within `documenti/`). */
  const collect = async (ctx: TRequestContext, id: string, via: TGdprVia) => {
    const { actor, row } = await reach(ctx, id);
    const [record, noteRows, fileRows] = await Promise.all([readRecord(row.id), repo.listNotes(db, row.id), files.subjectRows(CLIENT_FILE_SUBJECT, row.id)]);
    const names = await userNames(noteRows.flatMap((note) => (note.author_id ? [note.author_id] : [])));
    const fileNames = dedupeNames(fileRows.map((file) => safeFileName(withExtension(file.name, file.mime))));
    const data: TClientExport = {
      exportedAt: new Date().toISOString(),
      client: { ...record, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() },
      notes: noteRows.map((note) => ({
        id: note.id,
        text: note.text,
        authorName: (note.author_id && names.get(note.author_id)) || CLIENT_RECORD_MSG.unknownAuthor,
        createdAt: new Date(note.created_at).toISOString(),
      })),
      documents: fileRows.map((file, index) => ({
        name: file.name,
        docType: file.doc_type,
        mime: file.mime,
        size: Number(file.size),
        createdAt: new Date(file.created_at).toISOString(),
        fileName: `documenti/${fileNames[index]!}`,
      })),
    };
    await audit(db, ctx, actor, { cornerId: row.corner_id, action: 'client_exported', via, details: { clientId: row.id, documents: fileRows.length } });
    return { data, fileRows, record };
  };

  /** The latest date until which a registered hold keeps the client's data, if one still does. */
  const heldUntil = async (clientId: string): Promise<string | null> => {
    const found = (await Promise.all([...holds.values()].map((hold) => hold(clientId)))).filter((hold) => hold !== null);
    if (found.length === 0) return null;
    const years = await settings.getRetentionYears();
    const now = Date.now();
    const until = found.map((hold) => addYears(hold.since, years[hold.kind])).filter((date) => date.getTime() > now);
    if (until.length === 0) return null;
    return new Date(Math.max(...until.map((date) => date.getTime()))).toISOString().slice(0, 10);
  };

  return {
    /** Lets the modules that keep records about a client (practices, payments) say when its data must be kept. */
    registerRetentionHold: (name: string, hold: TRetentionHold) => {
      holds.set(name, hold);
    },

    /** clients.gdpr.exportData: what `cliente.json` holds (no files). */
    exportData: async (ctx: TRequestContext, id: string, via: TGdprVia = { method: 'GET', path: '/trpc/clients.gdpr.exportData' }): Promise<TClientExport> =>
      (await collect(ctx, id, via)).data,

    /**
     * GET /api/clients/:id/export: a zip with `cliente.json` and the documents under `documenti/`, streamed as it is
     * built (every check done before the first byte).
     */
    exportArchive: async (ctx: TRequestContext, id: string, via: TGdprVia): Promise<{ fileName: string; stream: Readable }> => {
      const { data, fileRows, record } = await collect(ctx, id, via);
      const now = new Date();
      const json = Buffer.from(`${JSON.stringify(data, null, 2)}\n`);
      const entries = [
        { name: 'cliente.json', open: () => Readable.from([json]), date: now },
        ...fileRows.map((file, index) => ({
          name: data.documents[index]!.fileName,
          open: () => files.storage.get(file.storage_key, undefined, { chunkSize: 1024 * 1024 }),
          date: now,
        })),
      ];
      const who = record.kind === 'azienda' ? record.businessName : `${record.surname} ${record.name}`;
      return { fileName: `${safeFileName(`dati-cliente-${who.trim() || record.id}`, 'dati-cliente')}.zip`, stream: createStoredZip(entries) };
    },

    /**
     * Erases a client's data unless a hold keeps it. Refused: the request recorded and audited, then CONFLICT with the
     * date. Otherwise in one transaction the record anonymised, its notes deleted, its documents marked deleted, the
     * request recorded and audited; after the commit the documents' contents leave the storage and the lists hear of it.
     */
    erase: async (ctx: TRequestContext, id: string, via: TGdprVia = { method: 'POST', path: '/trpc/clients.gdpr.erase' }): Promise<TClientErasureResult> => {
      const { actor, row } = await reachForErasure(ctx, id);
      const until = await heldUntil(row.id);
      const request = { clientId: row.id, cornerId: row.corner_id, requestedBy: actor.userId };
      if (until) {
        await db.transaction().execute(async (trx) => {
          await gdprRepo.insertErasureRequest(trx, { ...request, outcome: 'refused', heldUntil: until });
          await audit(trx, ctx, actor, { cornerId: row.corner_id, action: 'client_erasure_refused', via, details: { clientId: row.id, heldUntil: until } });
        });
        throw new AppError('CONFLICT', { userMessage: CLIENT_GDPR_MSG.erasureRefused(until) });
      }
      const now = new Date();
      const purge = await db.transaction().execute(async (trx) => {
        if (!(await gdprRepo.anonymiseClient(trx, row.id, CLIENT_GDPR_MSG.erasedName, now))) throw clientNotFound();
        const purged = await files.purgeSubject(CLIENT_FILE_SUBJECT, row.id, trx);
        await gdprRepo.insertErasureRequest(trx, { ...request, outcome: 'done', heldUntil: null });
        await audit(trx, ctx, actor, { cornerId: row.corner_id, action: 'client_erased', via, details: { clientId: row.id, documents: purged.count } });
        return purged;
      });
      await purge.removeContents().catch((error: unknown) => logger.warn({ err: error }, 'documenti del cliente non rimossi (li rimuove la pulizia periodica)'));
      await publishClientsChanged(bus, { cornerId: row.corner_id, kind: 'remove', ids: [row.id] }).catch((error: unknown) =>
        logger.warn({ err: error }, 'evento clienti non pubblicato'),
      );
      return { message: CLIENT_GDPR_MSG.erased, erasedAt: now.toISOString() };
    },
  };
};

export type TClientsGdpr = ReturnType<typeof createClientsGdpr>;
