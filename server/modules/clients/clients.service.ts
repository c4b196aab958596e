import type { TListClientsQuery, TClient } from '../../../shared/schemas/data';
import {
  CLIENT_RECORD_MSG,
  type TAddClientNoteInput,
  type TClientInput,
  type TClientNote,
  type TClientNoteIdInput,
  type TClientRecord,
  type TCreateClientInput,
  type TPatchClientInput,
  ZClientIdInput,
  ZUpdateClientInput,
} from '../../../shared/schemas/client-record';
import { checkAddressCap } from '../../../shared/rules/client-record-contact';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TDb } from '../../db/database';
import { AppError, validationError, isUniqueViolation } from '../../platform/errors';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { requireIfMatch } from '../../platform/etag';
import { applyMergePatch } from '../../platform/merge-patch';
import { parseInput } from '../../platform/validate';
import type { TServiceDeps } from '../../platform/deps';
import { findUserCards } from '../auth/users.repository';
import type { TGeoService } from '../geo/geo.service';
import * as repo from './clients.repository';
import { clientEtag, toClient, toClientRecord, toClientValues } from './clients.records';
import { withBirthFactsOfCf } from './clients.birth-facts';
import { auditClientChange as audit, bookOf, clientNotFound as notFound } from './clients.access';
import { publishClientsChanged } from './clients.events';
import { createClientsImport } from './clients.import';
import { createClientsLive } from './clients.live';
import { createClientsMove } from './clients.move';
import { createClientsDocuments } from './clients.documents';
import { createClientsGdpr } from './clients.gdpr';
import type { TFilesService } from '../files/files.service';
import type { TSettingsService } from '../settings/settings.service';

export type TClientsService = ReturnType<typeof createClientsService>;

/**
 * The corners' books of clients (issue 14). A corner sees and changes its own clients only, an admin every corner's
 * (its changes written to the audit log); brokers reach clients only through the practices of their sector, which
 * come with the sector modules: none yet, so another corner's client or a broker's request answers like a missing one.
 */
export const createClientsService = (
  { db, bus, logger }: TServiceDeps,
  { geo, files, settings }: { geo: TGeoService; files: TFilesService; settings: TSettingsService },
) => {
  /** Live lists hear of a committed change; a lost event only delays a list, so a failure is logged. */
  const changed = (cornerId: string, kind: 'upsert' | 'remove', id: string) =>
    void publishClientsChanged(bus, { cornerId, kind, ids: [id] }).catch((error: unknown) => logger.warn({ err: error }, 'evento clienti non pubblicato'));

  const userNames = async (ids: readonly string[]) =>
    new Map((await findUserCards(db, [...new Set(ids)])).map((user) => [user.id, getDisplayName(user)] as const));

  /** Whether a broker reaches a client (the practices of its sector register it: the clients of those practices). */
  const brokerReaches: ((actor: TActor, clientId: string) => Promise<boolean>)[] = [];
  /** A broker reads a client only when a registered check says so; otherwise it answers like a missing one. */
  const readableBookOf = async (actor: TActor, clientId: string): Promise<string | null> => {
    if (actor.role !== 'broker') return bookOf(actor);
    for (const reaches of brokerReaches) if (await reaches(actor, clientId)) return null;
    throw notFound();
  };

  const readRecord = async (id: string, cornerId: string | null): Promise<TClientRecord> => {
    const row = await repo.findClient(db, id, cornerId);
    if (!row) throw notFound();
    return toClientRecord(row, (await userNames([row.corner_id])).get(row.corner_id) ?? '');
  };

  /** The checks that need the database: the birthplace and the CAP of the comune; then the duplicate guard. */
  const checkRecord = async (cornerId: string, input: TClientInput, exceptId: string | null) => {
    const fields: Record<string, string[]> = {};
    if (input.kind === 'persona' && input.birthplace && !(await geo.placeByCadastral(input.birthplace.cadastralCode))) {
      fields['birthplace.cadastralCode'] = [CLIENT_RECORD_MSG.birthplaceUnknown];
    }
    const capIssue = await checkAddressCap(input.address, geo.capBelongsToComune);
    if (capIssue) fields[capIssue.path.join('.')] = [capIssue.message];
    const messages = Object.values(fields).flat();
    if (messages.length > 0) throw validationError(fields, messages.join('\n'));
    await checkDuplicate(cornerId, input, exceptId);
  };

  const checkDuplicate = async (cornerId: string, input: TClientInput, exceptId: string | null) => {
    const [column, value] = input.kind === 'persona' ? (['cf', input.cf] as const) : (['vat', input.vat] as const);
    const existing = await repo.findDuplicate(db, cornerId, column, value, exceptId);
    if (!existing) return;
    const message = column === 'cf' ? CLIENT_RECORD_MSG.duplicateCf(getDisplayName(existing)) : CLIENT_RECORD_MSG.duplicateVat(getDisplayName(existing));
    // The existing record's id lets the form link to it (the caller's own book: nothing it could not read).
    throw new AppError('CONFLICT', { userMessage: message, fields: { [column]: [message] }, details: { existingClientId: existing.id } });
  };

  /** Runs a write; a concurrent duplicate that passed the guard ends in the unique index and answers the same conflict. */
  const guardedWrite = async <T>(cornerId: string, input: TClientInput, exceptId: string | null, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) await checkDuplicate(cornerId, input, exceptId);
      throw error;
    }
  };

  return {
    /** The caller's clients, filtered, sorted and paged (spec section 7); a broker's list is empty. */
    list: async (ctx: TRequestContext, query: TListClientsQuery): Promise<{ list: TClient[]; total: number }> => {
      const actor = requireActor(ctx);
      if (actor.role === 'broker') return { list: [], total: 0 };
      const { rows, total } = await repo.listClients(db, actor.role === 'admin' ? null : actor.userId, query);
      return { list: rows.map(toClient), total };
    },

    /** A client of the caller's book; a broker reads the clients of its sector's practices (registerBrokerReach). */
    get: async (ctx: TRequestContext, id: string): Promise<TClientRecord> => readRecord(id, await readableBookOf(requireActor(ctx), id)),

    /** Lets the practices say which clients a broker reads (those of its sector's practices); read only, never changed. */
    registerBrokerReach: (check: (actor: TActor, clientId: string) => Promise<boolean>) => {
      brokerReaches.push(check);
    },

    /** A new client in the caller's book; an admin names the corner (`cornerId`). */
    create: async (ctx: TRequestContext, input: TCreateClientInput): Promise<TClientRecord> => {
      const actor = requireActor(ctx);
      if (actor.role === 'broker') throw new AppError('FORBIDDEN');
      const { cornerId: requested, ...data } = input;
      let cornerId = actor.userId;
      if (actor.role === 'admin') {
        const [corner] = requested ? await findUserCards(db, [requested]) : [];
        if (!corner || corner.role !== 'corner') throw validationError({ cornerId: [CLIENT_RECORD_MSG.cornerNotFound] }, CLIENT_RECORD_MSG.cornerNotFound);
        cornerId = corner.id;
      }
      const record = await withBirthFactsOfCf(data as TClientInput, geo.placeByCadastral);
      await checkRecord(cornerId, record, null);
      const id = await guardedWrite(cornerId, record, null, () =>
        db.transaction().execute(async (trx) => {
          const { id } = await repo.insertClient(trx, cornerId, actor.userId, toClientValues(record));
          await audit(trx, ctx, actor, { cornerId, action: 'client_created', method: 'POST', path: `/api/clients/${id}` });
          return id;
        }),
      );
      changed(cornerId, 'upsert', id);
      return readRecord(id, null);
    },

    /**
     * `data` is a merge patch (RFC 7396) of the record: applied to the current one, the result is checked as a full
     * record (ZUpdateClientInput), so a body with only `notes` changes the notes and a full body replaces what it carries.
     */
    update: async (ctx: TRequestContext, patch: TPatchClientInput, options: { ifMatch?: string } = {}): Promise<TClientRecord> => {
      const actor = requireActor(ctx);
      const { id } = parseInput(ZClientIdInput, { id: patch.id });
      const current = await repo.findClient(db, id, bookOf(actor));
      if (!current) throw notFound();
      requireIfMatch(options.ifMatch, clientEtag({ updatedAt: current.updated_at }));
      const { id: _id, cornerId: _cornerId, cornerName: _cornerName, createdAt: _createdAt, updatedAt: _updatedAt, ...stored } = toClientRecord(current, '');
      const parsed = parseInput(ZUpdateClientInput, { id, data: applyMergePatch(stored, patch.data) });
      const input = { ...parsed, data: await withBirthFactsOfCf(parsed.data, geo.placeByCadastral) };
      await checkRecord(current.corner_id, input.data, current.id);
      await guardedWrite(current.corner_id, input.data, current.id, () =>
        db.transaction().execute(async (trx) => {
          // With If-Match, the write goes only onto the version it was checked against (a change since: 412).
          const written = await repo.updateClient(trx, current.id, toClientValues(input.data), options.ifMatch === undefined ? undefined : current.updated_at);
          if (!written && options.ifMatch !== undefined) throw new AppError('PRECONDITION_FAILED');
          await audit(trx, ctx, actor, { cornerId: current.corner_id, action: 'client_updated', method: 'PATCH', path: `/api/clients/${current.id}` });
        }),
      );
      changed(current.corner_id, 'upsert', current.id);
      return readRecord(current.id, null);
    },

    /** Soft delete: the record leaves every list and read; its row stays for what refers to it. */
    remove: async (ctx: TRequestContext, id: string): Promise<{ message: string }> => {
      const actor = requireActor(ctx);
      const current = await repo.findClient(db, id, bookOf(actor));
      if (!current) throw notFound();
      await db.transaction().execute(async (trx) => {
        await repo.softDeleteClient(trx, current.id);
        await audit(trx, ctx, actor, { cornerId: current.corner_id, action: 'client_deleted', method: 'DELETE', path: `/api/clients/${current.id}` });
      });
      changed(current.corner_id, 'remove', current.id);
      return { message: CLIENT_RECORD_MSG.removed };
    },

    notes: {
      /** A client's notes, newest first, with their authors' names. */
      list: async (ctx: TRequestContext, clientId: string): Promise<TClientNote[]> => {
        const client = await repo.findClient(db, clientId, bookOf(requireActor(ctx)));
        if (!client) throw notFound();
        const rows = await repo.listNotes(db, client.id);
        const names = await userNames(rows.flatMap((row) => (row.author_id ? [row.author_id] : [])));
        return rows.map((row) => ({ id: row.id, text: row.text, authorName: (row.author_id && names.get(row.author_id)) || CLIENT_RECORD_MSG.unknownAuthor, createdAt: row.created_at }));
      },

      /** One note of a client the caller reaches (as the list); another book's answers like a missing one. */
      get: async (ctx: TRequestContext, input: TClientNoteIdInput): Promise<TClientNote> => {
        const client = await repo.findClient(db, input.id, bookOf(requireActor(ctx)));
        if (!client) throw notFound();
        const row = await repo.findNote(db, client.id, input.noteId);
        if (!row) throw new AppError('NOT_FOUND', { userMessage: CLIENT_RECORD_MSG.noteNotFound });
        const names = await userNames(row.author_id ? [row.author_id] : []);
        return { id: row.id, text: row.text, authorName: (row.author_id && names.get(row.author_id)) || CLIENT_RECORD_MSG.unknownAuthor, createdAt: row.created_at };
      },

      add: async (ctx: TRequestContext, input: TAddClientNoteInput): Promise<TClientNote> => {
        const actor = requireActor(ctx);
        const client = await repo.findClient(db, input.clientId, bookOf(actor));
        if (!client) throw notFound();
        const row = await repo.insertNote(db, client.id, actor.userId, input.text);
        const names = await userNames([actor.userId]);
        return { id: row.id, text: row.text, authorName: names.get(actor.userId) ?? CLIENT_RECORD_MSG.unknownAuthor, createdAt: row.created_at };
      },
    },

    /** An admin moves a client to another corner's book, with a reason (clients.move.ts). */
    move: createClientsMove({ db, bus, logger }, (id) => readRecord(id, null)),

    /** The committed changes of the books the caller sees (clients.live.ts). */
    watch: createClientsLive({ bus }),

    /** CSV/Excel import with preview (dry run) and one transaction (clients.import.ts). */
    import: createClientsImport({ db, bus, logger }, { geo }),

    /** The client's documents, files attached to it (subject 'client', clients.documents.ts). */
    documents: createClientsDocuments({ db }, files),

    /**
     * The display names of clients by id, for a module that already checked access to its own records naming them
     * (the practices' lists); no access check here.
     */
    namesOf: async (ids: readonly string[]): Promise<Map<string, string>> =>
      new Map((await repo.findClientNames(db, [...new Set(ids)])).map((row) => [row.id, getDisplayName(row)] as const)),

    /**
     * The codice fiscale (a persona) or partita IVA (an azienda; its codice fiscale without one) of clients by id, for
     * a module that already checked access to its own records naming them (the utilities' export); no access check here.
     */
    taxCodesOf: async (ids: readonly string[]): Promise<Map<string, string>> =>
      new Map((await repo.findClientTaxCodes(db, [...new Set(ids)])).map((row) => [row.id, row.type === 'azienda' ? row.vat || row.company_cf : row.cf] as const)),

    /** GDPR export and erasure, with the retention holds practices and payments register (clients.gdpr.ts). */
    gdpr: createClientsGdpr({ db, bus, logger }, { files, settings, readRecord: (id) => readRecord(id, null), userNames }),
  };
};
