import {
  CLIENT_IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_LIMITS,
  IMPORT_MSG,
  suggestMapping,
  type TImportCounts,
  type TImportMapping,
  type TImportOptions,
  type TImportResult,
  type TImportRowResult,
  type TImportTable,
} from '../../../shared/schemas/client-import';
import { CLIENT_RECORD_MSG, type TClientInput } from '../../../shared/schemas/client-record';
import type { TDb } from '../../db/database';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError, validationError, isUniqueViolation } from '../../platform/errors';
import { findUserCards } from '../auth/users.repository';
import type { TGeoService } from '../geo/geo.service';
import { auditClientChange } from './clients.access';
import { publishClientsChanged } from './clients.events';
import { readImportFile } from './clients.import-file';
import { buildRow, cellsOf, comuneQueryOf, hasAddress, type TBuiltRow } from './clients.import-rows';
import { findBookDuplicates, insertClients, withBatchedSearchIndex } from './clients-import.repository';

const CHUNK = 1000;
const chunks = <T>(values: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
};

/** The key that makes two clients of one book the same: a person's codice fiscale, a company's partita IVA. */
const keyOf = (input: TClientInput) => (input.kind === 'persona' ? `cf:${input.cf}` : `vat:${input.vat}`);

/** The mapping checked against the table: existing columns, one field per column, a name to list the client by. */
const checkMapping = (mapping: TImportMapping, table: TImportTable) => {
  const used = new Map<number, string>();
  for (const field of CLIENT_IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined || column === null) continue;
    if (column >= table.header.length) throw validationError({ mapping: [IMPORT_MSG.mappingColumnMissing(column)] }, IMPORT_MSG.mappingColumnMissing(column));
    if (used.has(column)) throw validationError({ mapping: [IMPORT_MSG.mappingColumnTwice(IMPORT_FIELD_LABELS[field])] }, IMPORT_MSG.mappingColumnTwice(IMPORT_FIELD_LABELS[field]));
    used.set(column, field);
  }
  const has = (field: keyof TImportMapping) => mapping[field] !== undefined && mapping[field] !== null;
  if (!(has('name') && has('surname')) && !has('businessName')) throw validationError({ mapping: [IMPORT_MSG.mappingNeedsName] }, IMPORT_MSG.mappingNeedsName);
};

/**
 * Import of clients from a table (tRPC) or an uploaded CSV/Excel file (REST) into one corner's book (issue 14).
 * Every row is checked with the shared client schema, its comune and birthplace resolved in batches; rows that repeat
 * a client of the book or an earlier row are reported as duplicates. A dry run writes nothing; a real run inserts the
 * valid rows (and those with codice fiscale warnings, shown in the preview) in one transaction.
 */
export const createClientsImport = ({ db, bus, logger }: Pick<TServiceDeps, 'db' | 'bus' | 'logger'>, { geo }: { geo: TGeoService }) => {
  /** The book the rows go to: a corner's own; an admin names a corner. */
  const targetCorner = async (ctx: TRequestContext, requested: string | null | undefined) => {
    const actor = requireActor(ctx);
    if (actor.role === 'broker') throw new AppError('FORBIDDEN');
    if (actor.role === 'corner') {
      if (requested && requested !== actor.userId) throw new AppError('FORBIDDEN', { userMessage: IMPORT_MSG.otherCorner });
      return { actor, cornerId: actor.userId };
    }
    const [corner] = requested ? await findUserCards(db, [requested]) : [];
    if (!corner || corner.role !== 'corner') throw validationError({ cornerId: [CLIENT_RECORD_MSG.cornerNotFound] }, CLIENT_RECORD_MSG.cornerNotFound);
    return { actor, cornerId: corner.id };
  };

  const run = async (ctx: TRequestContext, table: TImportTable, options: TImportOptions): Promise<TImportResult> => {
    const { actor, cornerId } = await targetCorner(ctx, options.cornerId);
    const mapping = options.mapping ?? suggestMapping(table.header);
    checkMapping(mapping, table);

    const lines = table.rows.map((row, index) => ({ row, line: index + 2 })).filter(({ row }) => row.some((cell) => cell.trim() !== ''));
    const cells = lines.map(({ row }) => cellsOf(row, mapping));
    // The reference data, in a few queries for the whole file.
    const withAddress = cells.flatMap((rowCells, index) => (hasAddress(rowCells) && rowCells('comune') ? [index] : []));
    const comuni = await geo.resolveComuni(withAddress.map((index) => comuneQueryOf(cells[index]!)));
    const comuneOf = new Map(withAddress.map((index, position) => [index, comuni[position]!] as const));
    const withPlace = cells.flatMap((rowCells, index) => (rowCells('birthplace') ? [index] : []));
    const places = await geo.resolveBirthplaces(withPlace.map((index) => cells[index]!('birthplace')));
    const placeOf = new Map(withPlace.map((index, position) => [index, places[position]] as const));

    const built: TBuiltRow[] = cells.map((rowCells, index) => buildRow(rowCells, comuneOf.get(index) ?? null, placeOf.get(index) ?? null));
    const book = await findBookDuplicates(db, cornerId, built.flatMap((row) => (row.ok ? [row.input] : [])));

    const seen = new Map<string, number>();
    const toInsert: TClientInput[] = [];
    const rows: TImportRowResult[] = built.map((row, index) => {
      const line = lines[index]!.line;
      if (!row.ok) return { row: line, status: 'error', name: row.name, messages: row.messages };
      const key = keyOf(row.input);
      const existing = book.get(key);
      if (existing) {
        const message = row.input.kind === 'persona' ? CLIENT_RECORD_MSG.duplicateCf(existing.name) : CLIENT_RECORD_MSG.duplicateVat(existing.name);
        return { row: line, status: 'duplicate', name: row.name, messages: [message], duplicateOf: existing };
      }
      const earlier = seen.get(key);
      if (earlier !== undefined) return { row: line, status: 'duplicate', name: row.name, messages: [IMPORT_MSG.duplicateInFile(earlier)], duplicateOfRow: earlier };
      seen.set(key, line);
      toInsert.push(row.input);
      return { row: line, status: row.warnings.length > 0 ? 'warning' : 'valid', name: row.name, messages: row.warnings };
    });

    const count = (status: TImportRowResult['status']) => rows.filter((row) => row.status === status).length;
    const counts: TImportCounts = { total: rows.length, valid: count('valid'), warnings: count('warning'), errors: count('error'), duplicates: count('duplicate'), imported: 0 };

    if (!options.dryRun && toInsert.length > 0) {
      try {
        await db.transaction().execute(async (trx) => {
          await withBatchedSearchIndex(trx, toInsert.length, async () => {
            for (const part of chunks(toInsert, CHUNK)) await insertClients(trx, cornerId, actor.userId, part);
          });
          await auditClientChange(trx, ctx, actor, { cornerId, action: 'clients_imported', method: 'POST', path: '/api/clients/import', details: { imported: toInsert.length } });
        });
      } catch (error) {
        // A client with the same codice fiscale or partita IVA written meanwhile: nothing of the file was kept.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', { userMessage: IMPORT_MSG.concurrentDuplicate, cause: error });
        throw error;
      }
      counts.imported = toInsert.length;
      void publishClientsChanged(bus, { cornerId, kind: 'reload', ids: [] }).catch((error: unknown) => logger.warn({ err: error }, 'evento clienti non pubblicato'));
    }

    return { header: table.header, mapping, sample: table.rows.slice(0, IMPORT_LIMITS.sampleRows), rows, counts, dryRun: options.dryRun };
  };

  return {
    /** A parsed table (tRPC clients.import.run, for integrators). */
    run: (ctx: TRequestContext, input: TImportOptions & { table: TImportTable }) => run(ctx, input.table, input),

    /** An uploaded file (POST /api/clients/import): the caller is checked before the file is read. */
    runFile: async (ctx: TRequestContext, data: Buffer, options: TImportOptions): Promise<TImportResult> => {
      await targetCorner(ctx, options.cornerId);
      return run(ctx, await readImportFile(data), options);
    },
  };
};

export type TClientsImport = ReturnType<typeof createClientsImport>;
