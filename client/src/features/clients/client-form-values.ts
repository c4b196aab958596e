import { decodePersonCf } from '../../../../shared/rules/client-record';
import { getDisplayName } from '../../../../shared/rules/display-name';
import type { TCadastralPlace, TComune } from '../../../../shared/schemas/geo';
import type { TClient } from '../../../../shared/schemas/data';
import {
  isClientWarningIssue,
  ZClientInput,
  type TClientInputRaw,
  type TClientKind,
  type TClientRecord,
} from '../../../../shared/schemas/client-record';

export type { TClientKind };

/** The client form as the inputs hold it: flat texts, the comuni as picked, the phones as rows. */
export type TClientFormValues = {
  kind: TClientKind;
  name: string;
  surname: string;
  cf: string;
  birthDate: string | null;
  birthplace: TComune | null;
  sex: '' | 'M' | 'F';
  businessName: string;
  vat: string;
  companyCf: string;
  pec: string;
  sdiCode: string;
  repName: string;
  repSurname: string;
  repCf: string;
  email: string;
  phones: string[];
  street: string;
  number: string;
  cap: string;
  comune: TComune | null;
  notes: string;
  acknowledgedWarnings: boolean;
};

export const EMPTY_CLIENT_FORM: TClientFormValues = {
  kind: 'persona',
  name: '',
  surname: '',
  cf: '',
  birthDate: null,
  birthplace: null,
  sex: '',
  businessName: '',
  vat: '',
  companyCf: '',
  pec: '',
  sdiCode: '',
  repName: '',
  repSurname: '',
  repCf: '',
  email: '',
  phones: [''],
  street: '',
  number: '',
  cap: '',
  comune: null,
  notes: '',
  acknowledgedWarnings: false,
};

/** A comune known only by what a record stores (no CAP list), enough for the picker to show it. */
const storedComune = (istat: string, name: string, sigla: string, cadastralCode = ''): TComune => ({
  istat,
  name,
  sigla,
  provinceName: '',
  cadastralCode,
  caps: [],
  active: true,
  mergedInto: null,
});

/** The sigla of a birthplace abroad ("Escursionisti Esteri"): stored as the country's name alone. */
const FOREIGN_SIGLA = 'EE';
/** "REGNO UNITO" → "Regno Unito", as the server stores a country. */
const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());

/** "Milano (MI)" back into name and sigla; a foreign country keeps its whole name. */
const splitLabel = (label: string): { name: string; sigla: string } => {
  const match = /^(.*) \(([A-Z]{2})\)$/.exec(label);
  return match ? { name: match[1] ?? label, sigla: match[2] ?? '' } : { name: label, sigla: FOREIGN_SIGLA };
};

/** What a valid codice fiscale fills in: the birth date and sex, and the code of the birthplace to look up. */
export type TCfFill = { birthDate?: string; sex?: 'M' | 'F'; birthplaceCadastral?: string };

/**
 * The person's fields still empty that the codice fiscale typed encodes (the server fills the same on save). Nothing
 * for a company, an invalid code, or fields the user filled: a value that disagrees stays, with its warning.
 */
export const cfFillOf = (values: TClientFormValues, now: Date = new Date()): TCfFill => {
  if (values.kind !== 'persona') return {};
  const decoded = decodePersonCf(values.cf.trim().toUpperCase(), now);
  if (!decoded) return {};
  return {
    ...(values.birthDate ? {} : { birthDate: decoded.birthDate }),
    ...(values.sex ? {} : { sex: decoded.sex }),
    ...(values.birthplace ? {} : { birthplaceCadastral: decoded.birthplaceCadastral }),
  };
};

/** A birthplace found by its codice catastale, as the birthplace picker holds it (a country with sigla EE, as stored). */
export const birthplaceOfPlace = (place: TCadastralPlace): TComune =>
  place.kind === 'comune' ? place.comune : storedComune(place.country.code, titleCase(place.country.name), FOREIGN_SIGLA, place.country.code);

/** The form holding a saved record, for editing it in place. */
export const toClientFormValues = (record: TClientRecord): TClientFormValues => {
  const common = {
    email: record.email,
    phones: record.phones.length > 0 ? [...record.phones] : [''],
    street: record.address?.street ?? '',
    number: record.address?.number ?? '',
    cap: record.address?.cap ?? '',
    comune: record.address ? storedComune(record.address.comuneIstat, record.address.comuneName, record.address.provinceSigla) : null,
    notes: record.notes,
  };
  if (record.kind === 'azienda') {
    return {
      ...EMPTY_CLIENT_FORM,
      ...common,
      kind: 'azienda',
      businessName: record.businessName,
      vat: record.vat,
      companyCf: record.companyCf,
      pec: record.pec,
      sdiCode: record.sdiCode,
      repName: record.legalRepresentative?.name ?? '',
      repSurname: record.legalRepresentative?.surname ?? '',
      repCf: record.legalRepresentative?.cf ?? '',
    };
  }
  const place = record.birthplace ? splitLabel(record.birthplace.label) : null;
  return {
    ...EMPTY_CLIENT_FORM,
    ...common,
    kind: 'persona',
    name: record.name,
    surname: record.surname,
    cf: record.cf,
    birthDate: record.birthDate,
    birthplace: record.birthplace && place ? storedComune(record.birthplace.cadastralCode, place.name, place.sigla, record.birthplace.cadastralCode) : null,
    sex: record.sex ?? '',
  };
};

/** The phones typed, without the empty rows, with the row each came from (to put an error back under it). */
const filledPhones = (phones: readonly string[]) =>
  phones.map((phone, row) => ({ phone: phone.trim(), row })).filter(({ phone }) => phone !== '');

const toAddress = (values: TClientFormValues) => {
  const touched = [values.street, values.number, values.cap].some((text) => text.trim() !== '') || values.comune !== null;
  if (!touched) return null;
  return {
    street: values.street,
    number: values.number,
    cap: values.cap,
    comuneIstat: values.comune?.istat ?? '',
    comuneName: values.comune?.name ?? '',
    provinceSigla: values.comune?.sigla ?? '',
  };
};

/** "Milano (MI)", or a country's name alone. */
const birthplaceLabel = (place: TComune) => (place.sigla === FOREIGN_SIGLA ? place.name : `${place.name} (${place.sigla})`);

/** What the server's `ZClientInput` parses: only the fields of the chosen kind. */
export const toClientInput = (values: TClientFormValues): TClientInputRaw => {
  const common = {
    email: values.email,
    phones: filledPhones(values.phones).map(({ phone }) => phone),
    address: toAddress(values),
    notes: values.notes,
    acknowledgedWarnings: values.acknowledgedWarnings,
  };
  if (values.kind === 'azienda') {
    const hasRepresentative = [values.repName, values.repSurname, values.repCf].some((text) => text.trim() !== '');
    return {
      kind: 'azienda',
      businessName: values.businessName,
      vat: values.vat,
      companyCf: values.companyCf,
      pec: values.pec,
      sdiCode: values.sdiCode,
      legalRepresentative: hasRepresentative ? { name: values.repName, surname: values.repSurname, cf: values.repCf } : null,
      ...common,
    };
  }
  return {
    kind: 'persona',
    name: values.name,
    surname: values.surname,
    cf: values.cf,
    birthDate: values.birthDate ?? '',
    sex: values.sex,
    birthplace: values.birthplace ? { cadastralCode: values.birthplace.cadastralCode, label: birthplaceLabel(values.birthplace) } : null,
    ...common,
  };
};

const FIELD_OF_PATH: Record<string, string> = {
  address: 'street',
  'address.street': 'street',
  'address.number': 'number',
  'address.cap': 'cap',
  'address.comuneIstat': 'comune',
  'address.comuneName': 'comune',
  'address.provinceSigla': 'comune',
  birthplace: 'birthplace',
  'birthplace.cadastralCode': 'birthplace',
  'birthplace.label': 'birthplace',
  legalRepresentative: 'repName',
  'legalRepresentative.name': 'repName',
  'legalRepresentative.surname': 'repSurname',
  'legalRepresentative.cf': 'repCf',
};

/** The form field under which an issue of the input at `path` belongs. */
export const toFormPath = (path: readonly PropertyKey[], values: TClientFormValues): string => {
  if (path[0] === 'phones' && typeof path[1] === 'number') {
    const row = filledPhones(values.phones)[path[1]]?.row ?? path[1];
    return `phones.${row}`;
  }
  const joined = path.map(String).join('.');
  return FIELD_OF_PATH[joined] ?? joined;
};

export type TClientFormCheck = {
  /** Blocking: one message per form field. */
  errors: Record<string, string>;
  /** Consistency warnings (codice fiscale against birth date, sex, birthplace): the user may confirm them. */
  warnings: string[];
};

/** Checks the form with the schema the server parses it with, telling errors from consistency warnings. */
export const checkClientForm = (values: TClientFormValues): TClientFormCheck => {
  const result = ZClientInput.safeParse(toClientInput({ ...values, acknowledgedWarnings: false }));
  const errors: Record<string, string> = {};
  const warnings: string[] = [];
  if (result.success) return { errors, warnings };
  for (const issue of result.error.issues) {
    if (isClientWarningIssue(issue)) {
      if (!warnings.includes(issue.message)) warnings.push(issue.message);
      continue;
    }
    errors[toFormPath(issue.path, values)] ??= issue.message;
  }
  return { errors, warnings };
};

/** The name a record goes by: "Mario Rossi" or the business name. */
export const clientDisplayName = (record: Pick<TClientRecord, 'kind' | 'name' | 'surname' | 'businessName'>): string =>
  getDisplayName({ type: record.kind, name: record.name, surname: record.surname, business: record.businessName });

/** A saved record as a row of the clients.find list (spec section 3's client object and the pages' fields). */
export const toClientRow = (record: TClientRecord): TClient => ({
  id: record.id,
  type: record.kind,
  kind: record.kind,
  name: record.name,
  surname: record.surname,
  business: record.businessName,
  displayName: clientDisplayName(record),
  email: record.email,
  phone: record.phones[0] ?? '',
  cf: record.cf,
  vat: record.vat,
  comune: record.address?.comuneName ?? '',
  cornerId: record.cornerId,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** Spec section 3: a new client goes at the front; one already listed is replaced where it stands. */
export const upsertClientRow = (rows: readonly TClient[], row: TClient): TClient[] =>
  rows.some((existing) => existing.id === row.id) ? rows.map((existing) => (existing.id === row.id ? row : existing)) : [row, ...rows];
