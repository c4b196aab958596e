import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { CLIENT_MSG } from './client-record.messages';

/** Country assumed for a phone number written without an international prefix. */
export const DEFAULT_PHONE_COUNTRY = 'IT';

/**
 * A phone number in E.164 (`+39…`), or null when it is not a valid number. Accepts blanks, dots and dashes, the
 * `+` or `00` international prefix, and Italian numbers without a prefix. Uses the small (`min`) metadata.
 */
export const normalizePhone = (value: string): string | null => {
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
};

export const CAP_PATTERN = /^\d{5}$/;
export const ISTAT_COMUNE_PATTERN = /^\d{6}$/;
export const PROVINCE_SIGLA_PATTERN = /^[A-Z]{2}$/;
/** Codice catastale: a letter and three digits (`Z…` for a foreign country). */
export const CADASTRAL_PATTERN = /^[A-Z]\d{3}$/;
/** SDI recipient code of a company (codice destinatario), 7 upper-case letters or digits. */
export const SDI_CODE_PATTERN = /^[A-Z0-9]{7}$/;
/** The SDI code of a recipient who receives e-invoices at its PEC address. */
export const SDI_CODE_PEC = '0000000';

/** True when an SDI code may stand with the PEC given: `0000000` needs a PEC. */
export const isSdiCodeConsistent = (sdiCode: string, pec: string): boolean => sdiCode !== SDI_CODE_PEC || pec !== '';

/**
 * Whether a CAP belongs to a comune (by ISTAT code). The check needs the reference data in the database (the geo
 * module): the server passes its implementation to `checkAddressCap`; the schemas check only the format.
 */
export type TCapCheck = (cap: string, comuneIstat: string) => boolean | Promise<boolean>;

export type TCapAddress = { cap: string; comuneIstat: string; comuneName: string };
/** A field error of the client record, with the path the schema would report it on. */
export type TClientFieldIssue = { path: (string | number)[]; message: string };

/** The CAP↔comune agreement of a client's address (after the schema passed), with the given database check. */
export const checkAddressCap = async (address: TCapAddress | null, capCheck: TCapCheck): Promise<TClientFieldIssue | null> => {
  if (!address || (await capCheck(address.cap, address.comuneIstat))) return null;
  return { path: ['address', 'cap'], message: CLIENT_MSG.capNotInComune(address.cap, address.comuneName) };
};
