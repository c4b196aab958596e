import * as XLSX from '@e965/xlsx';
import type { TAnySectorDefinition, TTransitionDefinition } from '../../../../shared/practices/definition';
import { COMMODITIES, ELECTRICITY_USES, GAS_USES, SUPPLY_OPERATIONS, type TLuceGasData } from '../../../../shared/practices/luce-e-gas';
import { GPL_PAYMENTS, GPL_SUPPLY_KINDS, GPL_USES, type TGplData } from '../../../../shared/practices/gpl';
import {
  BULK_MSG,
  OUTCOMES,
  OUTCOME_HEADERS,
  OUTCOME_WORDS,
  ZExportInput,
  ZOutcomeImportInput,
  ZUtilityBulkSector,
  type TExportFile,
  type TExportInput,
  type TOutcome,
  type TOutcomeImportInput,
  type TOutcomeReport,
  type TOutcomeRowInput,
  type TOutcomeRowReport,
  type TUtilityBulkSector,
} from '../../../../shared/schemas/utility-bulk';
import { toCsvText } from '../../../../shared/rules/csv';
import { todayInItaly } from '../../../../shared/rules/italian-day';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { UTILITY_MSG } from '../../../../shared/practices/utility';
import { requireActor, type TActor, type TRequestContext } from '../../../platform/context';
import type { TModuleDeps } from '../../../platform/services';
import { AppError } from '../../../platform/errors';
import { parseInput } from '../../../platform/validate';
import { readImportFile } from '../../clients/clients.import-file';
import { toIsoDate } from '../../clients/clients.import-rows';
import type { TPracticesNeeds } from '../engine/types';
import { scopeOf } from '../engine/access';
import type { TPracticeRow } from '../engine/practices.repository';
import type { TPracticesEngine } from '../engine/engine.service';
import type { TPracticeCommitted } from '../engine/types';
import * as repo from './bulk.repository';
import { commissionCentsOf, type TUtilitiesService } from '../utilities/utilities.service';

/** Committed changes told per turn of the event loop after an import. */
const EVENTS_SLICE = 200;

/** The transition each outcome makes, and the states it may start from (the single transitions' own rule). */
const OUTCOME_TRANSITION: Record<TOutcome, 'activate' | 'reject' | 'cease'> = { activated: 'activate', rejected: 'reject', ceased: 'cease' };

const validation = (message: string, field?: string) => new AppError('VALIDATION', { userMessage: message, ...(field ? { fields: { [field]: [message] } } : {}) });
const forbidden = () => new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.notFound });

/** Lower case, accents removed, blanks collapsed: how headers and outcome words are compared. */
export const foldWord = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A POD or PDR as written by a supplier: upper case, no blanks. */
export const normalizeSupplyCode = (text: string) => text.replace(/\s+/g, '').toUpperCase();

const POD_SHAPE = /^IT\d{3}E/;
const PDR_SHAPE = /^\d{14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of the export (the last three for the supplier to fill: the file comes back as the outcome file). */
const COMMON_HEAD = ['Codice pratica', 'Stato', 'Cliente', 'CF/P.IVA cliente', 'Indirizzo fornitura', 'CAP', 'Comune', 'Provincia'];
const MONEY_TAIL = ['Fornitore attuale', 'Offerta (codice)', 'Fornitore offerta', 'Nome offerta', 'IBAN', 'Intestatario conto', 'CF intestatario', 'Decorrenza prevista'];
const OUTCOME_TAIL = ['Esito', 'Data', 'Motivo'];
export const EXPORT_HEADERS: Record<TUtilityBulkSector, string[]> = {
  'luce-e-gas': [...COMMON_HEAD, 'Fornitura', 'POD', 'kWh annui', 'Potenza kW', 'Uso luce', 'PDR', 'Smc annui', 'Uso gas', 'Operazione', ...MONEY_TAIL, ...OUTCOME_TAIL],
  gpl: [...COMMON_HEAD, 'Usi', 'Tipo fornitura', 'Litri serbatoio', 'Interrato', 'Bombole kg', 'Litri annui', 'Pagamento', ...MONEY_TAIL, ...OUTCOME_TAIL],
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const labelIn = (labels: Record<string, string>, value: unknown) => (typeof value === 'string' ? (labels[value] ?? value) : '');

const cellsOf = (sector: TUtilityBulkSector, definition: TAnySectorDefinition, row: TPracticeRow, client: { name: string; taxCode: string }): string[] => {
  const data = row.data as Partial<TLuceGasData & TGplData>;
  const address = data.supplyAddress;
  const street = address ? [address.street, address.streetNumber].filter(Boolean).join(' ') : '';
  const head = [row.id, (definition.states as Record<string, string>)[row.state] ?? row.state, client.name, client.taxCode, street, text(address?.postcode), text(address?.comune), text(address?.province)];
  const tail = [
    text(data.currentSupplier),
    text(data.offer?.id),
    text(data.offer?.supplier),
    text(data.offer?.name),
    text(data.sepa?.iban),
    text(data.sepa?.holderName),
    text(data.sepa?.holderTaxCode),
    text((row as { expected_start_date?: string | null }).expected_start_date),
    '',
    '',
    '',
  ];
  if (sector === 'luce-e-gas') {
    const lg = data as Partial<TLuceGasData>;
    return [
      ...head,
      labelIn(COMMODITIES, lg.commodity),
      text(lg.electricity?.pod),
      text(lg.electricity?.yearlyKwh),
      text(lg.electricity?.powerKw),
      labelIn(ELECTRICITY_USES, lg.electricity?.use),
      text(lg.gas?.pdr),
      text(lg.gas?.yearlySmc),
      labelIn(GAS_USES, lg.gas?.use),
      labelIn(SUPPLY_OPERATIONS, lg.operation),
      ...tail,
    ];
  }
  const gpl = data as Partial<TGplData>;
  return [
    ...head,
    (gpl.uses ?? []).map((use) => labelIn(GPL_USES, use)).join(', '),
    labelIn(GPL_SUPPLY_KINDS, gpl.supplyKind),
    text(gpl.tank?.litres),
    gpl.tank ? (gpl.tank.underground ? 'Sì' : 'No') : '',
    text(gpl.cylinderKg),
    text(gpl.yearlyLitres),
    labelIn(GPL_PAYMENTS, gpl.payment),
    ...tail,
  ];
};

const toCsv = (table: string[][]) => Buffer.from(toCsvText(table), 'utf8');
const toXlsx = (table: string[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'Attivazioni');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const MIME = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The column index of each outcome field in a header row (case-insensitive), or null. */
const columnsOf = (header: readonly string[]) => {
  const folded = header.map(foldWord);
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const index = folded.indexOf(name);
      if (index >= 0) return index;
    }
    return null;
  };
  // Every code column, the practice's code first (the export has it and the POD and PDR): a row takes the first filled.
  const codeNames = ['codice pratica', ...OUTCOME_HEADERS.code.filter((name) => name !== 'codice pratica')];
  const code = codeNames.map((name) => folded.indexOf(name)).filter((index) => index >= 0);
  return { code, outcome: find(OUTCOME_HEADERS.outcome), date: find(OUTCOME_HEADERS.date), reason: find(OUTCOME_HEADERS.reason) };
};

type TCheckedRow = { row: number; code: string; outcome: TOutcome | null; date: string; reason: string; error: string | null; isSkipped?: boolean };

const checkRow = (input: TOutcomeRowInput, row: number): TCheckedRow => {
  const code = input.code.trim();
  const outcome = OUTCOME_WORDS[foldWord(input.outcome)] ?? null;
  const date = toIsoDate(input.date);
  const reason = input.reason.trim();
  const base = { row, code, outcome, date, reason };
  // No outcome yet for this activation (the supplier's file lists it still pending): nothing to apply, no mistake.
  if (input.outcome.trim() === '') return { ...base, error: null, isSkipped: true };
  if (!code) return { ...base, error: BULK_MSG.codeMissing };
  if (!outcome) return { ...base, error: BULK_MSG.outcomeInvalid };
  if (date && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)) {
    return { ...base, error: BULK_MSG.dateInvalid };
  }
  if (!date && outcome !== 'rejected') return { ...base, error: BULK_MSG.dateRequired };
  if (outcome === 'rejected' && reason.length < 5) return { ...base, error: BULK_MSG.reasonRequired };
  return { ...base, error: null };
};

/**
 * The dates a single transition accepts (shared/practices/utility.ts, utilities.service.ts): an activation neither in
 * the future nor before the request, a cessation not before the activation; null when the row's date is one of them.
 */
const outcomeDateIssue = (outcome: TOutcome, date: string, practice: TPracticeRow, today: string): string | null => {
  if (outcome === 'activated') {
    if (date > today) return UTILITY_MSG.activationInFuture;
    if (date < todayInItaly(practice.created_at)) return UTILITY_MSG.activationBeforeRequest;
  }
  if (outcome === 'ceased' && practice.supply_start_date && date < practice.supply_start_date) return UTILITY_MSG.endBeforeActivation;
  return null;
};

/**
 * The utility brokers' bulk work (issue 16): the export of the selected activations for the supplier's portal, and
 * the import of the supplier's outcome file, matched set-based (one statement for every code) and applied in one
 * transaction of three bulk statements (states with the supply's columns, history, ledger), through the engine's
 * access rule, history and after-commit path.
 */
export const createBulkService = (
  { db }: TModuleDeps,
  engine: TPracticesEngine,
  { clients, ledger, utilities }: Pick<TPracticesNeeds, 'clients' | 'ledger'> & { utilities: TUtilitiesService },
) => {
  const { definitionOf, committed, userNames } = engine.internal;

  /**
   * The committed changes told to the bus and the listeners (notifications), one per practice as a single transition
   * tells it: the first slice at once, the rest a slice per turn of the event loop. Thousands told in one go would
   * hold the server (every other request, and this caller's report) for as long as their listeners take to start;
   * `committed` never waits for its listeners, so nothing here waited for them before either.
   */
  const tellCommitted = (events: readonly TPracticeCommitted[], start = 0) => {
    for (const event of events.slice(start, start + EVENTS_SLICE)) committed(event);
    if (start + EVENTS_SLICE < events.length) setImmediate(tellCommitted, events, start + EVENTS_SLICE);
  };

  const exportFile = async (ctx: TRequestContext, raw: TExportInput): Promise<TExportFile> => {
    const input = parseInput(ZExportInput, raw);
    const actor = requireActor(ctx);
    const definition = definitionOf(input.sector);
    const scope = await scopeOf(db, actor, input.sector);
    const found = scope ? await repo.findSelected(db, input.sector, [...new Set(input.ids)], scope.cornerId) : [];
    if (found.length === 0) throw validation(BULK_MSG.selectionEmpty, 'ids');
    const order = new Map(input.ids.map((id, index) => [id, index] as const));
    found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const clientIds = found.map((row) => row.client_id);
    const [names, taxCodes] = await Promise.all([clients.namesOf(clientIds), clients.taxCodesOf(clientIds)]);
    const table = [
      EXPORT_HEADERS[input.sector],
      ...found.map((row) => cellsOf(input.sector, definition, row, { name: names.get(row.client_id) ?? '', taxCode: taxCodes.get(row.client_id) ?? '' })),
    ];
    const bytes = input.format === 'xlsx' ? toXlsx(table) : toCsv(table);
    const today = todayInItaly();
    return { filename: `attivazioni-${input.sector}-${today}.${input.format}`, mime: MIME[input.format], base64: bytes.toString('base64'), count: found.length };
  };

  /** Only the brokers of the sector and the admins record outcomes. */
  const requireImporter = async (actor: TActor, sector: TUtilityBulkSector) => {
    if (actor.role !== 'admin' && actor.role !== 'broker') throw forbidden();
    if (!(await scopeOf(db, actor, sector))) throw forbidden();
  };

  /** Applies the rows for an actor already checked by `requireImporter`. */
  const run = async (actor: TActor, sector: TUtilityBulkSector, inputs: readonly TOutcomeRowInput[], firstRow: number): Promise<TOutcomeReport> => {
    const definition = definitionOf(sector);
    const transitions = new Map(definition.transitions.map((transition) => [transition.name, transition as TTransitionDefinition] as const));
    const checked = inputs.map((input, index) => checkRow(input, index + firstRow));
    const today = todayInItaly();

    // One statement for every code: practice ids, and (luce e gas) PODs and PDRs.
    const wanted = checked.filter((row) => !row.error && !row.isSkipped);
    const ids = [...new Set(wanted.map((row) => row.code).filter((code) => UUID.test(code)).map((code) => code.toLowerCase()))];
    const supplyCodes = [...new Set(wanted.filter((row) => !UUID.test(row.code)).map((row) => normalizeSupplyCode(row.code)))];
    // A POD reads IT, three digits, E...; a PDR is 14 digits: each code is looked for where it can be (others in both).
    const found = await repo.findOpenByCodes(db, sector, {
      ids,
      pods: supplyCodes.filter((code) => !PDR_SHAPE.test(code)),
      pdrs: supplyCodes.filter((code) => !POD_SHAPE.test(code)),
    });
    // A code that reads both as a POD and as a PDR names the practice whose POD it is.
    const practiceByCode = new Map<string, TPracticeRow>();
    for (const { code, code_kind: kind, ...row } of found) {
      if (kind !== 'pdr' || !practiceByCode.has(code)) practiceByCode.set(code, row);
    }

    const otherBrokers = [...new Set(found.map((row) => row.broker_id).filter((id): id is string => Boolean(id) && id !== actor.userId))];
    const brokerNames = otherBrokers.length ? await userNames(otherBrokers) : new Map<string, string>();

    const reports: TOutcomeRowReport[] = [];
    const firstRowOf = new Map<string, number>();
    type TGood = { report: TOutcomeRowReport; practice: TPracticeRow; outcome: TOutcome; date: string; reason: string };
    const good: TGood[] = [];
    for (const row of checked) {
      const report: TOutcomeRowReport = { row: row.row, code: row.code, outcome: row.outcome, status: 'error', message: row.error ?? '', practiceId: null, title: null };
      reports.push(report);
      if (row.isSkipped) {
        report.status = 'skipped';
        report.message = BULK_MSG.outcomeBlank;
        continue;
      }
      if (row.error) continue;
      const practice = practiceByCode.get(UUID.test(row.code) ? row.code.toLowerCase() : normalizeSupplyCode(row.code));
      if (!practice) {
        report.message = BULK_MSG.codeNotFound;
        continue;
      }
      report.practiceId = practice.id;
      report.title = definition.title(practice.data);
      const seen = firstRowOf.get(practice.id);
      if (seen !== undefined) {
        report.message = BULK_MSG.duplicateRow(seen);
        continue;
      }
      firstRowOf.set(practice.id, row.row);
      const outcome = row.outcome!;
      const transition = transitions.get(OUTCOME_TRANSITION[outcome]);
      if (!transition || !(transition.from as readonly string[]).includes(practice.state)) {
        report.message = BULK_MSG.notAllowed((definition.states as Record<string, string>)[practice.state] ?? practice.state, OUTCOMES[outcome]);
        continue;
      }
      if (actor.role !== 'admin') {
        if (!practice.broker_id) {
          report.message = BULK_MSG.notTaken;
          continue;
        }
        if (practice.broker_id !== actor.userId) {
          report.message = BULK_MSG.takenByOther(brokerNames.get(practice.broker_id) ?? PRACTICE_MSG.unknownUser);
          continue;
        }
      }
      const dateIssue = row.date ? outcomeDateIssue(outcome, row.date, practice, today) : null;
      if (dateIssue) {
        report.message = dateIssue;
        continue;
      }
      good.push({ report, practice, outcome, date: row.date, reason: row.reason });
    }

    // The state each outcome leads to: its transition's.
    const toState = (outcome: TOutcome) => transitions.get(OUTCOME_TRANSITION[outcome])!.to as string;
    const payloadOf = (item: TGood): Record<string, unknown> => {
      if (item.outcome === 'activated') return { transition: 'activate', activationDate: item.date, import: true };
      if (item.outcome === 'rejected') return { transition: 'reject', reason: item.reason, ...(item.date ? { date: item.date } : {}), import: true };
      return { transition: 'cease', endDate: item.date, ...(item.reason ? { reason: item.reason } : {}), import: true };
    };

    // One transaction: the states with the supply's columns (one statement), the history (one), the ledger entries.
    let changed = new Map<string, TPracticeRow>();
    if (good.length > 0) {
      changed = await db.transaction().execute(async (trx) => {
        const after = await repo.applyOutcomes(
          trx,
          good.map((item) => ({
            id: item.practice.id,
            from: item.practice.state,
            to: toState(item.outcome),
            outcome: item.outcome,
            date: item.date || null,
            commissionCents: item.outcome === 'activated' ? commissionCentsOf(item.practice) : null,
            reason: item.outcome === 'rejected' ? item.reason : null,
          })),
        );
        // The rows after the change: as read, with what the statement changed.
        const moved = new Map(after.map((row) => [row.id, row] as const));
        const byId = new Map<string, TPracticeRow>();
        for (const item of good) {
          const row = moved.get(item.practice.id);
          if (row) byId.set(row.id, { ...item.practice, ...row });
        }
        const applied = good.filter((item) => byId.has(item.practice.id));
        await repo.appendStateEvents(
          trx,
          { actorId: actor.userId, impersonatorId: actor.impersonatorId },
          applied.map((item) => ({ practiceId: item.practice.id, fromState: item.practice.state, toState: toState(item.outcome), payload: payloadOf(item) })),
        );
        const activations = applied.filter((item) => item.outcome === 'activated').map((item) => ({ practice: item.practice, activationDate: item.date, actorId: actor.userId }));
        const cessations = applied.filter((item) => item.outcome === 'ceased').map((item) => ({ practice: item.practice, endDate: item.date, actorId: actor.userId }));
        await ledger.append(trx, [...utilities.commissionEntriesOf(definition, activations), ...(await utilities.clawbackEntriesOf(trx, definition, cessations))]);
        return byId;
      });
    }

    let appliedCount = 0;
    const events: TPracticeCommitted[] = [];
    for (const item of good) {
      const after = changed.get(item.practice.id);
      if (!after) {
        // Moved by someone else between the lookup and the statement.
        item.report.message = PRACTICE_MSG.changedMeanwhile;
        continue;
      }
      appliedCount += 1;
      item.report.status = 'applied';
      item.report.message = BULK_MSG.applied((definition.states as Record<string, string>)[after.state] ?? after.state);
      events.push({
        kind: 'state_changed',
        actor,
        definition,
        practice: after,
        transition: transitions.get(OUTCOME_TRANSITION[item.outcome]),
        fromState: item.practice.state,
        payload: payloadOf(item),
      });
    }
    tellCommitted(events);
    const skipped = reports.filter((report) => report.status === 'skipped').length;
    return { applied: appliedCount, errors: reports.length - appliedCount - skipped, skipped, rows: reports };
  };

  return {
    export: exportFile,
    /** The outcome rows an integrator sends already parsed (row numbers from 1). */
    importRows: async (ctx: TRequestContext, raw: TOutcomeImportInput) => {
      const input = parseInput(ZOutcomeImportInput, raw);
      const actor = requireActor(ctx);
      await requireImporter(actor, input.sector);
      return run(actor, input.sector, input.rows, 1);
    },
    /** The supplier's outcome file (CSV or Excel; the header is row 1, the first data row 2). */
    importFile: async (ctx: TRequestContext, sectorRaw: string, data: Buffer): Promise<TOutcomeReport> => {
      const sector = parseInput(ZUtilityBulkSector, sectorRaw);
      const actor = requireActor(ctx);
      await requireImporter(actor, sector);
      const table = await readImportFile(data);
      const columns = columnsOf(table.header);
      if (columns.code.length === 0 || columns.outcome === null) throw validation(BULK_MSG.headerMissing, 'file');
      const cell = (line: readonly string[], index: number | null) => (index === null ? '' : (line[index] ?? '').trim());
      const rows = table.rows.map((line) => ({ code: columns.code.map((index) => cell(line, index)).find(Boolean) ?? '', outcome: cell(line, columns.outcome), date: cell(line, columns.date), reason: cell(line, columns.reason) }));
      if (rows.length === 0) throw validation(BULK_MSG.rowsEmpty, 'file');
      if (rows.length > 20_000) throw validation(BULK_MSG.rowsTooMany, 'file');
      return run(actor, sector, rows, 2);
    },
  };
};

export type TBulkService = ReturnType<typeof createBulkService>;
