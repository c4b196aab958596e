import type { z } from 'zod';
import type { TSepa, TSupplyAddress } from '../../../../../../shared/practices/utility';
import type { TClientAddress } from '../../../../../../shared/schemas/client-record';
import { UTILITY_ID_MSG, normalizeSupplyCode } from '../../../../../../shared/validation/utilities';

/**
 * What the luce e gas and GPL request forms share: the supply address, the SEPA mandate (its holder behind a
 * switch), the schema's messages by form path, and the early check of POD, PDR and IBAN while they are typed.
 */

export type TAddressFormValues = { street: string; streetNumber: string; postcode: string; comune: string; province: string };
export type TSepaFormValues = { iban: string; holderIsOther: boolean; holderName: string; holderTaxCode: string };

export const EMPTY_ADDRESS: TAddressFormValues = { street: '', streetNumber: '', postcode: '', comune: '', province: '' };
export const EMPTY_SEPA: TSepaFormValues = { iban: '', holderIsOther: false, holderName: '', holderTaxCode: '' };

export const num = (value: number | '' | null | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The SEPA mandate as sent: the holder only when the account is not the client's. */
export const toSepaInput = (values: TSepaFormValues) => ({
  iban: values.iban,
  holderName: values.holderIsOther ? values.holderName : '',
  holderTaxCode: values.holderIsOther ? values.holderTaxCode : '',
});

export const toSepaFormValues = (sepa: TSepa | null): TSepaFormValues =>
  sepa
    ? { iban: sepa.iban, holderIsOther: sepa.holderName !== '' || sepa.holderTaxCode !== '', holderName: sepa.holderName, holderTaxCode: sepa.holderTaxCode }
    : EMPTY_SEPA;

export const toAddressFormValues = (address: TSupplyAddress): TAddressFormValues => ({ ...address });

/** The supply address a new request starts from: the chosen client's residence or registered office. */
export const supplyAddressOfClient = (address: TClientAddress): TAddressFormValues => ({
  street: address.street,
  streetNumber: address.number,
  postcode: address.cap,
  comune: address.comuneName,
  province: address.provinceSigla,
});

/** Nothing typed in the supply address yet (only then is the client's address filled in). */
export const isBlankAddress = (address: TAddressFormValues): boolean => Object.values(address).every((value) => value.trim() === '');

/** "IT60 X054 2811 …" in groups of four, as printed on a bill. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** Who holds the account of the direct debit. */
export const sepaHolder = (sepa: TSepa): string => (sepa.holderName ? `${sepa.holderName} (${sepa.holderTaxCode})` : 'Il cliente');

/** Every problem of the request by form path (the first per path), with the schema the server uses. */
export const schemaErrors = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
};

/** What each position of a POD may hold: IT, 3 digits, E, 8 digits, an optional check character. */
const POD_POSITIONS = [/I/, /T/, /\d/, /\d/, /\d/, /E/, /\d/, /\d/, /\d/, /\d/, /\d/, /\d/, /\d/, /\d/, /[A-Z0-9]/];

/**
 * A mistake that shows while the code is still being typed (a letter where a digit goes, a character too many),
 * so a POD typo is flagged at once; null while what is typed can still become a valid code.
 */
export const typingError = (kind: 'pod' | 'pdr' | 'iban', typed: string): string | null => {
  const value = normalizeSupplyCode(typed);
  if (value === '') return null;
  if (kind === 'pod') {
    if (value.length > POD_POSITIONS.length) return UTILITY_ID_MSG.podLength(value.length);
    if (!'IT'.startsWith(value.slice(0, 2))) return UTILITY_ID_MSG.podCountry;
    return [...value].every((char, index) => POD_POSITIONS[index]!.test(char)) ? null : UTILITY_ID_MSG.podFormat;
  }
  if (kind === 'pdr') {
    if (!/^\d+$/.test(value)) return UTILITY_ID_MSG.pdrDigits;
    return value.length > 14 ? UTILITY_ID_MSG.pdrLength(value.length) : null;
  }
  if (!/^[A-Z]{0,2}$/.test(value.slice(0, 2))) return UTILITY_ID_MSG.ibanCountry;
  if (!/^\d{0,2}$/.test(value.slice(2, 4))) return UTILITY_ID_MSG.ibanCheckDigits;
  if (value.startsWith('IT') && value.length > 27) return UTILITY_ID_MSG.ibanItalianLength(value.length);
  return null;
};
