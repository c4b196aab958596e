import { z } from 'zod';

/**
 * Import of clients from a CSV or Excel file (issue 14): the importable fields with their Italian labels, the
 * column mapping, the parsed table and the per-row results. Shared so the preview and the server agree.
 */

/** What a column of the file can be mapped to. `phone` and `mobile` both fill the client's phones. */
export const CLIENT_IMPORT_FIELDS = [
  'kind',
  'name',
  'surname',
  'cf',
  'birthDate',
  'sex',
  'birthplace',
  'businessName',
  'vat',
  'companyCf',
  'pec',
  'sdiCode',
  'email',
  'phone',
  'mobile',
  'street',
  'number',
  'cap',
  'comune',
  'province',
  'notes',
] as const;
export type TImportField = (typeof CLIENT_IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<TImportField, string> = {
  kind: 'Tipo (persona/azienda)',
  name: 'Nome',
  surname: 'Cognome',
  cf: 'Codice fiscale',
  birthDate: 'Data di nascita',
  sex: 'Sesso',
  birthplace: 'Luogo di nascita',
  businessName: 'Ragione sociale',
  vat: 'Partita IVA',
  companyCf: 'Codice fiscale azienda',
  pec: 'PEC',
  sdiCode: 'Codice destinatario SDI',
  email: 'E-mail',
  phone: 'Telefono',
  mobile: 'Cellulare',
  street: 'Indirizzo',
  number: 'Numero civico',
  cap: 'CAP',
  comune: 'Comune',
  province: 'Provincia',
  notes: 'Note',
};

/** Limits of one import: the file's size (and an Excel file's size once inflated), its data rows, its columns and one cell. */
export const IMPORT_LIMITS = { maxFileBytes: 10 * 1024 * 1024, maxInflatedBytes: 50 * 1024 * 1024, maxRows: 20_000, maxColumns: 100, maxCellChars: 2_000, sampleRows: 20 } as const;

/** Italian texts of the import. */
export const IMPORT_MSG = {
  fileTooLarge: `Il file supera i ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB: dividilo in più file.`,
  tooManyRows: `Il file ha più di ${IMPORT_LIMITS.maxRows.toLocaleString('it-IT')} righe: dividilo in più file.`,
  tooManyColumns: `Il file ha più di ${IMPORT_LIMITS.maxColumns} colonne.`,
  cellTooLong: (row: number) => `Riga ${row}: una cella supera i ${IMPORT_LIMITS.maxCellChars} caratteri.`,
  fileMissing: 'Scegli un file CSV o Excel da importare.',
  fileEmpty: 'Il file è vuoto: serve una riga di intestazione e almeno una riga di dati.',
  noDataRows: 'Il file ha solo l’intestazione: non ci sono righe da importare.',
  formatUnknown: 'Formato non riconosciuto: carica un file CSV (separato da ; o ,) o Excel (.xlsx, .xls, .ods).',
  excelUnreadable: 'Impossibile leggere il file Excel: salvalo di nuovo o esportalo in CSV.',
  excelInflatesTooMuch: `Il file Excel, una volta decompresso, supera i ${IMPORT_LIMITS.maxInflatedBytes / 1024 / 1024} MB: dividilo in più file o esportalo in CSV.`,
  excelTooHeavy: 'Il file Excel richiede troppa memoria o troppo tempo per essere letto: dividilo in più file o esportalo in CSV.',
  csvUnreadable: (detail: string) => `Impossibile leggere il file CSV: ${detail}`,
  optionsInvalid: 'Opzioni di importazione non valide.',
  mappingInvalid: 'Associazione delle colonne non valida.',
  mappingColumnMissing: (column: number) => `La colonna ${column + 1} non esiste nel file.`,
  mappingNeedsName: 'Associa almeno le colonne di nome e cognome o della ragione sociale.',
  mappingColumnTwice: (label: string) => `La stessa colonna è associata a più campi (tra cui ${label}).`,
  otherCorner: 'Puoi importare clienti solo nella tua rubrica.',
  concurrentDuplicate: 'Nel frattempo sono stati aggiunti clienti con gli stessi dati: ricontrolla il file e riprova.',
  kindUnknown: (value: string) => `Tipo «${value}» non riconosciuto: usa persona o azienda.`,
  comuneNotFound: (name: string) => `Comune «${name}» non trovato.`,
  comuneAmbiguous: (name: string, provinces: string[]) => `Il comune «${name}» esiste in più province (${provinces.join(', ')}): indica la provincia.`,
  comuneMissing: 'Indica il comune dell’indirizzo.',
  birthplaceNotFound: (text: string) => `Luogo di nascita «${text}» non trovato tra i comuni e gli stati esteri.`,
  duplicateInFile: (row: number) => `Ripete il cliente della riga ${row}: importato una volta sola.`,
  imported: (count: number) => (count === 1 ? 'Importato 1 cliente.' : `Importati ${count} clienti.`),
} as const;

/** A parsed file: its header row and its data rows (text cells), as integrators may send them through tRPC. */
export const ZImportTable = z.object({
  header: z.array(z.string().max(IMPORT_LIMITS.maxCellChars)).min(1, { error: IMPORT_MSG.fileEmpty }).max(IMPORT_LIMITS.maxColumns, { error: IMPORT_MSG.tooManyColumns }),
  rows: z
    .array(z.array(z.string().max(IMPORT_LIMITS.maxCellChars)).max(IMPORT_LIMITS.maxColumns, { error: IMPORT_MSG.tooManyColumns }))
    .max(IMPORT_LIMITS.maxRows, { error: IMPORT_MSG.tooManyRows }),
});
export type TImportTable = z.infer<typeof ZImportTable>;

/** Which column (0-based index) fills each field; a field absent or null is not imported. */
export const ZImportMapping = z.partialRecord(z.enum(CLIENT_IMPORT_FIELDS), z.number().int().min(0).max(IMPORT_LIMITS.maxColumns).nullable(), {
  error: IMPORT_MSG.mappingInvalid,
});
export type TImportMapping = z.infer<typeof ZImportMapping>;

/** Options of a run: the mapping (absent: the suggested one), a dry run (nothing written) and, for an admin, the corner. */
export const ZImportOptions = z.object({
  mapping: ZImportMapping.nullish(),
  dryRun: z.boolean({ error: IMPORT_MSG.optionsInvalid }).default(true),
  cornerId: z.uuid({ error: 'Corner non trovato.' }).nullish(),
});
export type TImportOptions = z.infer<typeof ZImportOptions>;

/** tRPC clients.import.run: a parsed table and its options. */
export const ZImportRunInput = ZImportOptions.extend({ table: ZImportTable });
export type TImportRunInput = z.infer<typeof ZImportRunInput>;

export const IMPORT_ROW_STATUSES = ['valid', 'warning', 'error', 'duplicate'] as const;
export type TImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** One data row's outcome; `row` is its line in the file (the header is line 1). */
export const ZImportRowResult = z.object({
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** The client's name as it would be listed. */
  name: z.string(),
  messages: z.array(z.string()),
  /** The client of the book it repeats. */
  duplicateOf: z.object({ id: z.string(), name: z.string() }).optional(),
  /** The earlier row of the file it repeats. */
  duplicateOfRow: z.number().int().optional(),
});
export type TImportRowResult = z.infer<typeof ZImportRowResult>;

export const ZImportCounts = z.object({
  /** Data rows (blank lines not counted). */
  total: z.number().int(),
  valid: z.number().int(),
  /** Rows with a codice fiscale mismatch warning: imported, the warning taken as confirmed. */
  warnings: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
  /** Clients written (0 on a dry run). */
  imported: z.number().int(),
});
export type TImportCounts = z.infer<typeof ZImportCounts>;

export const ZImportResult = z.object({
  header: z.array(z.string()),
  mapping: ZImportMapping,
  /** The first data rows as read, for the preview. */
  sample: z.array(z.array(z.string())),
  rows: z.array(ZImportRowResult),
  counts: ZImportCounts,
  dryRun: z.boolean(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** A header's words: lower case, no accents, punctuation as blanks ("E-mail" → "e mail", "Città" → "citta"). */
export const normalizeHeader = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Header names (normalised) that suggest each field, Italian and English. */
const HEADER_SYNONYMS: Record<TImportField, readonly string[]> = {
  kind: ['tipo', 'tipo cliente', 'tipologia', 'tipologia cliente', 'type', 'kind', 'client type', 'natura giuridica', 'persona azienda'],
  name: ['nome', 'first name', 'firstname', 'name', 'given name', 'nome cliente'],
  surname: ['cognome', 'last name', 'lastname', 'surname', 'family name'],
  cf: ['codice fiscale', 'cf', 'c f', 'cod fiscale', 'cod fisc', 'codfiscale', 'tax code', 'fiscal code', 'codice fiscale cliente'],
  birthDate: ['data di nascita', 'data nascita', 'nato il', 'nata il', 'birth date', 'birthdate', 'date of birth', 'dob', 'nascita'],
  sex: ['sesso', 'genere', 'sex', 'gender'],
  birthplace: ['luogo di nascita', 'luogo nascita', 'comune di nascita', 'comune nascita', 'nato a', 'nata a', 'birthplace', 'place of birth'],
  businessName: ['ragione sociale', 'denominazione', 'azienda', 'societa', 'business', 'business name', 'company', 'company name', 'ditta', 'impresa'],
  vat: ['partita iva', 'p iva', 'piva', 'p i', 'part iva', 'vat', 'vat number', 'vat id', 'iva'],
  companyCf: ['codice fiscale azienda', 'cf azienda', 'codice fiscale societa', 'cf societa', 'company cf', 'company tax code'],
  pec: ['pec', 'email pec', 'e mail pec', 'indirizzo pec', 'posta certificata'],
  sdiCode: ['codice sdi', 'sdi', 'codice destinatario', 'cod destinatario', 'codice univoco', 'recipient code'],
  email: ['email', 'e mail', 'mail', 'posta elettronica', 'indirizzo email', 'indirizzo e mail'],
  phone: ['telefono', 'tel', 'phone', 'telephone', 'numero di telefono', 'telefono fisso', 'recapito telefonico'],
  mobile: ['cellulare', 'cell', 'mobile', 'telefono cellulare', 'mobile phone', 'cellphone'],
  street: ['indirizzo', 'via', 'street', 'address', 'indirizzo residenza', 'sede', 'indirizzo sede'],
  number: ['civico', 'numero civico', 'n civico', 'num civico', 'street number', 'house number'],
  cap: ['cap', 'c a p', 'codice postale', 'zip', 'zip code', 'postal code', 'postcode'],
  comune: ['comune', 'citta', 'localita', 'city', 'town', 'comune di residenza', 'comune residenza', 'comune sede'],
  province: ['provincia', 'prov', 'pr', 'sigla provincia', 'province'],
  notes: ['note', 'notes', 'annotazioni', 'commenti', 'commento'],
};

/** The mapping suggested for a header: each field to the first column whose name is one of its synonyms. */
export const suggestMapping = (header: readonly string[]): TImportMapping => {
  const mapping: TImportMapping = {};
  const used = new Set<number>();
  const normalized = header.map(normalizeHeader);
  for (const field of CLIENT_IMPORT_FIELDS) {
    const index = normalized.findIndex((name, column) => !used.has(column) && HEADER_SYNONYMS[field].includes(name));
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  return mapping;
};
