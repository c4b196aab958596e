import type { z } from 'zod';
import { IMPORT_FIELD_LABELS, IMPORT_MSG, normalizeHeader, type TImportField, type TImportMapping } from '../../../shared/schemas/client-import';
import { ZClientInput, isClientWarningIssue, type TClientInput, type TClientInputRaw } from '../../../shared/schemas/client-record';
import { CLIENT_MSG } from '../../../shared/rules/client-record.messages';
import type { TCadastralPlace } from '../../../shared/schemas/geo';
import type { TComuneMatch, TComuneQuery } from '../geo/geo.resolve';

/** Pure rules of one imported row: cells to a client input, checked by the shared schema (issue 14). */

export type TRowCells = (field: TImportField) => string;

export const cellsOf = (row: readonly string[], mapping: TImportMapping): TRowCells => (field) => {
  const column = mapping[field];
  return column === undefined || column === null ? '' : (row[column] ?? '').trim();
};

const KIND_WORDS: Record<string, 'persona' | 'azienda'> = Object.fromEntries([
  ...['persona', 'p', 'pf', 'fisica', 'persona fisica', 'privato', 'privata', 'individuo', 'person', 'individual', 'consumatore', 'cliente privato'].map((word) => [word, 'persona'] as const),
  ...['azienda', 'a', 'pg', 'giuridica', 'persona giuridica', 'societa', 'impresa', 'ditta', 'company', 'business', 'ente', 'professionista'].map((word) => [word, 'azienda'] as const),
]);

/** The row's kind: from its type column, else a company when it has a partita IVA or business name and no surname. */
export const kindOf = (cells: TRowCells): { kind: 'persona' | 'azienda' } | { error: string } => {
  const written = cells('kind');
  if (written) {
    const kind = KIND_WORDS[normalizeHeader(written)];
    return kind ? { kind } : { error: IMPORT_MSG.kindUnknown(written) };
  }
  return (cells('vat') || cells('businessName')) && !cells('surname') ? { kind: 'azienda' } : { kind: 'persona' };
};

const pad2 = (value: number | string) => String(value).padStart(2, '0');
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A written date as ISO: `dd/mm/yyyy` (also `-` or `.`, two-digit years in the latest century not in the future),
 * ISO, or an Excel serial number; anything else is returned as written, for the schema to refuse in Italian.
 */
export const toIsoDate = (text: string, now: Date = new Date()): string => {
  const value = text.trim();
  if (!value) return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (iso) return `${iso[1]}-${pad2(iso[2]!)}-${pad2(iso[3]!)}`;
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (italian) {
    let year = Number(italian[3]);
    if (italian[3]!.length === 2) year += 2000 + year > now.getUTCFullYear() ? 1900 : 2000;
    return `${year}-${pad2(italian[2]!)}-${pad2(italian[1]!)}`;
  }
  if (/^\d{4,5}(?:\.\d+)?$/.test(value)) {
    const serial = Math.floor(Number(value));
    if (serial > 60 && serial < 2_958_466) return new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return value;
};

const SEX_WORDS: Record<string, 'M' | 'F'> = { m: 'M', maschio: 'M', uomo: 'M', male: 'M', man: 'M', f: 'F', femmina: 'F', donna: 'F', female: 'F', woman: 'F' };
const toSex = (text: string) => (text ? (SEX_WORDS[normalizeHeader(text)] ?? text) : '');

/** Digits a spreadsheet stored as a number lose their leading zeros: CAP back to 5 digits, partita IVA to 11. */
const padDigits = (text: string, length: number, min: number) => (/^\d+$/.test(text) && text.length >= min && text.length < length ? text.padStart(length, '0') : text);
const splitPhones = (...texts: string[]) => texts.flatMap((text) => text.split(/[;,/|]|\s{3,}/)).map((phone) => phone.trim()).filter(Boolean);

const ADDRESS_FIELDS = ['street', 'number', 'cap', 'comune', 'province'] as const;
export const hasAddress = (cells: TRowCells) => ADDRESS_FIELDS.some((field) => cells(field) !== '');
export const comuneQueryOf = (cells: TRowCells): TComuneQuery => ({ name: cells('comune'), province: cells('province') || undefined, cap: padDigits(cells('cap'), 5, 3) });

const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
/** A birthplace of the reference data as a record stores it: "Milano (MI)", or the country's name. */
export const birthplaceOf = (place: TCadastralPlace) =>
  place.kind === 'comune'
    ? { cadastralCode: place.comune.cadastralCode, label: `${place.comune.name} (${place.comune.sigla})` }
    : { cadastralCode: place.country.code, label: titleCase(place.country.name) };

/** Where a schema issue's path points among the import fields (its label prefixes the message). */
const fieldOfPath = (path: readonly PropertyKey[]): TImportField | null => {
  const [head, sub] = path;
  if (head === 'address') return ({ street: 'street', number: 'number', cap: 'cap', comuneIstat: 'comune', comuneName: 'comune', provinceSigla: 'province' } as const)[String(sub)] ?? 'comune';
  if (head === 'phones') return 'phone';
  return (IMPORT_FIELD_LABELS as Record<string, string>)[String(head)] ? (String(head) as TImportField) : null;
};

const labelled = (issue: z.core.$ZodIssue): string => {
  const field = fieldOfPath(issue.path);
  if (!field) return issue.message;
  const label = IMPORT_FIELD_LABELS[field];
  return normalizeHeader(issue.message).includes(normalizeHeader(label)) ? issue.message : `${label}: ${issue.message}`;
};

export type TBuiltRow =
  | { ok: true; input: TClientInput; warnings: string[]; name: string }
  | { ok: false; messages: string[]; name: string };

/** The row's display name from its cells, for the preview (the checked input's when valid). */
const writtenName = (cells: TRowCells, kind: 'persona' | 'azienda' | null) =>
  kind === 'azienda' || (!cells('surname') && !cells('name')) ? cells('businessName') : `${cells('name')} ${cells('surname')}`.trim();

/**
 * One row to a checked client input: its comune and birthplace already resolved (batched by the caller). Codice
 * fiscale mismatch warnings do not block: they are returned and the input carries them as acknowledged.
 */
export const buildRow = (cells: TRowCells, comune: TComuneMatch | null, birthplace: TCadastralPlace | null): TBuiltRow => {
  const messages: string[] = [];
  const kindResult = kindOf(cells);
  const kind = 'kind' in kindResult ? kindResult.kind : null;
  if ('error' in kindResult) messages.push(`${IMPORT_FIELD_LABELS.kind}: ${kindResult.error}`);

  let address: TClientInputRaw['address'] = null;
  let capToCheck: { caps: string[]; name: string } | null = null;
  if (hasAddress(cells)) {
    const query = comuneQueryOf(cells);
    const base = { street: cells('street'), number: cells('number'), cap: query.cap ?? '' };
    if (!query.name) messages.push(IMPORT_MSG.comuneMissing);
    else if (comune?.kind === 'ambiguous') messages.push(IMPORT_MSG.comuneAmbiguous(query.name, comune.provinces));
    else if (comune?.kind !== 'found') messages.push(IMPORT_MSG.comuneNotFound(query.province ? `${query.name} (${query.province.toUpperCase()})` : query.name));
    if (comune?.kind === 'found') {
      address = { ...base, comuneIstat: comune.comune.istat, comuneName: comune.comune.name, provinceSigla: comune.comune.sigla };
      capToCheck = { caps: comune.comune.caps, name: comune.comune.name };
    } else {
      // Placeholders so the schema still reports the address's other fields.
      address = { ...base, comuneIstat: '000000', comuneName: '-', provinceSigla: 'XX' };
    }
  }

  const placeText = cells('birthplace');
  if (placeText && !birthplace && kind !== 'azienda') messages.push(IMPORT_MSG.birthplaceNotFound(placeText));
  const common = { email: cells('email'), phones: splitPhones(cells('phone'), cells('mobile')), address, notes: cells('notes') };
  const raw: TClientInputRaw =
    kind === 'azienda'
      ? {
          kind,
          businessName: cells('businessName'),
          vat: padDigits(cells('vat'), 11, 8),
          companyCf: padDigits(cells('companyCf'), 11, 8),
          pec: cells('pec'),
          sdiCode: cells('sdiCode'),
          ...common,
        }
      : {
          kind: 'persona',
          name: cells('name'),
          surname: cells('surname'),
          cf: cells('cf'),
          birthDate: toIsoDate(cells('birthDate')),
          sex: toSex(cells('sex')) as 'M' | 'F' | '',
          birthplace: birthplace ? birthplaceOf(birthplace) : null,
          ...common,
        };

  const checked = ZClientInput.safeParse(raw);
  const issues = checked.success ? [] : checked.error.issues;
  const errors = issues.filter((issue) => !isClientWarningIssue(issue));
  const warnings = issues.filter((issue) => isClientWarningIssue(issue)).map(labelled);
  messages.push(...errors.map(labelled));
  const parsed = checked.success ? checked.data : errors.length === 0 ? ZClientInput.safeParse({ ...raw, acknowledgedWarnings: true }).data : undefined;
  if (parsed?.address && capToCheck && !capToCheck.caps.includes(parsed.address.cap)) messages.push(CLIENT_MSG.capNotInComune(parsed.address.cap, capToCheck.name));
  const name = writtenName(cells, kind);
  if (messages.length > 0 || !parsed) return { ok: false, messages: [...new Set([...messages, ...warnings])], name };
  return { ok: true, input: { ...parsed, acknowledgedWarnings: warnings.length > 0 }, warnings, name };
};
