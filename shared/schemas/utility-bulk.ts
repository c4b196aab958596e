import { z } from 'zod';
import { endSentence } from '../rules/sentence';
import { zText } from './common';
import { SECTOR_LIST, SECTORS, type TUtilitySectorSlug } from '../sectors';

/**
 * Bulk work of the utility brokers (issue 16): export the selected activations for the supplier's portal (CSV or
 * Excel), import the supplier's outcome file (code, outcome, date, reason) to move many activations at once, with a
 * report row by row. The code is the POD or the PDR of a luce e gas activation, or the practice's code (its id, the
 * first column of the export) for GPL and for any activation.
 */

/** Every utility sector of SECTORS (by its kind): a new one has its bulk work with no line here. */
export const UTILITY_BULK_SECTORS = SECTOR_LIST.filter((sector) => sector.kind === 'utility').map((sector) => sector.slug) as [TUtilitySectorSlug, ...TUtilitySectorSlug[]];
export type TUtilityBulkSector = TUtilitySectorSlug;
export const ZUtilityBulkSector = z.enum(UTILITY_BULK_SECTORS, {
  error: `Esportazione e importazione degli esiti sono solo per le utenze (${UTILITY_BULK_SECTORS.map((slug) => SECTORS[slug].label).join(', ')}).`,
});

export const BULK_MSG = {
  selectionEmpty: 'Seleziona almeno un’attivazione da esportare.',
  selectionTooLarge: 'Al massimo 10.000 attivazioni per esportazione.',
  formatInvalid: 'Formato non valido: csv o xlsx.',
  rowsEmpty: 'Il file non contiene righe di esito.',
  rowsTooMany: 'Al massimo 20.000 righe per file.',
  headerMissing: 'Intestazione non riconosciuta: servono le colonne «Codice» (POD, PDR o codice pratica) ed «Esito»; «Data» e «Motivo» quando servono.',
  codeMissing: 'Codice mancante (POD, PDR o codice pratica).',
  codeNotFound: 'Nessuna attivazione aperta con questo codice.',
  outcomeInvalid: 'Esito non riconosciuto: Attivata, Respinta o Cessata.',
  outcomeBlank: 'Esito non ancora indicato: riga saltata.',
  dateInvalid: 'Data non valida (GG/MM/AAAA o AAAA-MM-GG).',
  dateRequired: 'Indica la data dell’esito.',
  reasonRequired: 'Indica il motivo del rifiuto (almeno 5 caratteri).',
  duplicateRow: (row: number) => `Attivazione già aggiornata dalla riga ${row} di questo file.`,
  notAllowed: (state: string, outcome: string) => `Da «${state}» non si può passare a «${outcome}».`,
  takenByOther: (name: string) => endSentence(`L’attivazione è in carico a ${name}`),
  notTaken: 'Prendi in carico l’attivazione prima di registrarne l’esito.',
  applied: (state: string) => `Aggiornata: ${state}.`,
  fileMissing: 'Allega il file degli esiti.',
} as const;

/** The outcomes a supplier's file may state, and the utility state each leads to. */
export const OUTCOMES = { activated: 'Attivata', rejected: 'Respinta', ceased: 'Cessata' } as const;
export type TOutcome = keyof typeof OUTCOMES;

/** Words suppliers' files use for each outcome (lower case, accents removed by the reader). */
export const OUTCOME_WORDS: Readonly<Record<string, TOutcome>> = {
  attivata: 'activated',
  attivato: 'activated',
  attiva: 'activated',
  ok: 'activated',
  positivo: 'activated',
  esitato: 'activated',
  activated: 'activated',
  respinta: 'rejected',
  respinto: 'rejected',
  rifiutata: 'rejected',
  scartata: 'rejected',
  ko: 'rejected',
  negativo: 'rejected',
  rejected: 'rejected',
  cessata: 'ceased',
  cessato: 'ceased',
  chiusa: 'ceased',
  ceased: 'ceased',
};

/** Header names recognised for each column (lower case). */
export const OUTCOME_HEADERS = {
  code: ['codice', 'pod', 'pdr', 'pod/pdr', 'pod / pdr', 'codice pratica', 'codice pod/pdr', 'code'],
  outcome: ['esito', 'stato', 'outcome'],
  date: ['data', 'data esito', 'data attivazione', 'data cessazione', 'decorrenza', 'date'],
  reason: ['motivo', 'motivazione', 'causale', 'note', 'reason'],
} as const;

/** One outcome row as an integrator sends it already parsed (tRPC); a file goes through REST. */
export const ZOutcomeRowInput = z.object({
  code: zText().max(100).default(''),
  outcome: zText().max(100).default(''),
  date: zText().max(40).default(''),
  reason: zText().max(2000).default(''),
});
export type TOutcomeRowInput = z.infer<typeof ZOutcomeRowInput>;

export const ZOutcomeImportInput = z.object({
  sector: ZUtilityBulkSector,
  rows: z.array(ZOutcomeRowInput).min(1, { error: BULK_MSG.rowsEmpty }).max(20_000, { error: BULK_MSG.rowsTooMany }),
});
export type TOutcomeImportInput = z.infer<typeof ZOutcomeImportInput>;

/** `skipped`: a row whose «Esito» is blank (the supplier has no outcome yet): neither applied nor a mistake. */
export const OUTCOME_ROW_STATUSES = { applied: 'Applicata', error: 'Non applicata', skipped: 'Saltata' } as const;

/** The report of one row (its number in the file: the header is row 1, so the first data row is 2). */
export const ZOutcomeRowReport = z.object({
  row: z.number().int(),
  code: z.string(),
  outcome: z.enum(['activated', 'rejected', 'ceased']).nullable(),
  status: z.enum(['applied', 'error', 'skipped']),
  message: z.string(),
  practiceId: z.string().nullable(),
  title: z.string().nullable(),
});
export type TOutcomeRowReport = z.infer<typeof ZOutcomeRowReport>;

export const ZOutcomeReport = z.object({ applied: z.number().int(), errors: z.number().int(), skipped: z.number().int(), rows: z.array(ZOutcomeRowReport) });
export type TOutcomeReport = z.infer<typeof ZOutcomeReport>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZExportInput = z.object({
  sector: ZUtilityBulkSector,
  ids: z.array(z.guid({ error: BULK_MSG.selectionEmpty })).min(1, { error: BULK_MSG.selectionEmpty }).max(10_000, { error: BULK_MSG.selectionTooLarge }),
  format: z.enum(EXPORT_FORMATS, { error: BULK_MSG.formatInvalid }).default('csv'),
});
export type TExportInput = z.infer<typeof ZExportInput>;

/** A file for the client to save (tRPC answers it in base64; REST answers the bytes with these headers). */
export const ZExportFile = z.object({ filename: z.string(), mime: z.string(), base64: z.string(), count: z.number().int() });
export type TExportFile = z.infer<typeof ZExportFile>;
