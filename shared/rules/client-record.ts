import { isValidPersonalCf } from '../validation/codice-fiscale';
import { CLIENT_MSG } from './client-record.messages';

/** Omocodia: when two people share a code, digits are replaced from the right by these letters (0 → L … 9 → V). */
const OMOCODIA_LETTERS = 'LMNPQRSTUV';
const MONTH_LETTERS = 'ABCDEHLMPRST';
/** Positions of the codice fiscale that hold digits, which omocodia may have turned into letters. */
const DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14];

export type TSex = 'M' | 'F';

/** What a person's codice fiscale says about its holder. */
export type TDecodedCf = {
  /** ISO date `YYYY-MM-DD`; the century is the latest one that puts the date not in the future. */
  birthDate: string;
  sex: TSex;
  /** Codice catastale of the comune, or a `Z…` code for a foreign country, omocodia letters mapped back. */
  birthplaceCadastral: string;
  foreignBirthplace: boolean;
};

/** The code with omocodia letters turned back into the digits they replace (the check character is left alone). */
export const undoOmocodia = (cf: string): string =>
  [...cf].map((char, index) => (DIGIT_POSITIONS.includes(index) && OMOCODIA_LETTERS.includes(char) ? String(OMOCODIA_LETTERS.indexOf(char)) : char)).join('');

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const isRealDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
/** Today as an ISO date in UTC. */
export const todayIso = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/**
 * Decodes a person's codice fiscale (upper-case, 16 characters, omocodia allowed). Null when the code is not a
 * valid person's code: wrong shape, wrong check character, or a birth date that does not exist (31 February).
 */
export const decodePersonCf = (cf: string, now: Date = new Date()): TDecodedCf | null => {
  if (!isValidPersonalCf(cf)) return null;
  const plain = undoOmocodia(cf);
  const yy = Number(plain.slice(6, 8));
  const month = MONTH_LETTERS.indexOf(plain[8]!) + 1;
  const dayCode = Number(plain.slice(9, 11));
  const sex: TSex = dayCode > 40 ? 'F' : 'M';
  const day = sex === 'F' ? dayCode - 40 : dayCode;
  const today = todayIso(now);
  const recent = 2000 + yy;
  const year = isRealDate(recent, month, day) && isoDate(recent, month, day) <= today ? recent : 1900 + yy;
  if (!isRealDate(year, month, day)) return null;
  const birthplaceCadastral = plain.slice(11, 15);
  return { birthDate: isoDate(year, month, day), sex, birthplaceCadastral, foreignBirthplace: birthplaceCadastral.startsWith('Z') };
};

/** An Italian date `dd/mm/yyyy` from an ISO one. */
export const formatItalianDate = (iso: string): string => iso.split('-').reverse().join('/');

export type TPersonFacts = { cf: string; birthDate?: string | null; sex?: TSex | '' | null; birthplaceCadastral?: string | null };
export type TConsistencyField = 'birthDate' | 'sex' | 'birthplace';
/** A mismatch between the codice fiscale and a field the user entered: shown, and accepted once confirmed. */
export type TConsistencyWarning = { field: TConsistencyField; message: string };

/** Same day and month, and same year within the century (the code holds only its last two digits). */
const sameBirthDate = (entered: string, decoded: string) => entered.slice(2) === decoded.slice(2);

/**
 * The warnings for a person whose codice fiscale disagrees with the birth date, sex or birthplace entered.
 * Fields left empty, and a codice fiscale that cannot be decoded (its own error), give no warning.
 */
export const checkPersonConsistency = (facts: TPersonFacts, now: Date = new Date()): TConsistencyWarning[] => {
  const decoded = decodePersonCf(facts.cf, now);
  if (!decoded) return [];
  const warnings: TConsistencyWarning[] = [];
  if (facts.birthDate && !sameBirthDate(facts.birthDate, decoded.birthDate)) {
    warnings.push({ field: 'birthDate', message: CLIENT_MSG.birthDateMismatch(formatItalianDate(decoded.birthDate)) });
  }
  if (facts.sex && facts.sex !== decoded.sex) warnings.push({ field: 'sex', message: CLIENT_MSG.sexMismatch(decoded.sex) });
  if (facts.birthplaceCadastral && facts.birthplaceCadastral.toUpperCase() !== decoded.birthplaceCadastral) {
    warnings.push({ field: 'birthplace', message: CLIENT_MSG.birthplaceMismatch(decoded.birthplaceCadastral) });
  }
  return warnings;
};
