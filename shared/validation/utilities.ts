import { ValidationErrorsIBAN, electronicFormatIBAN, validateIBAN } from 'ibantools';

/**
 * The identifiers of an energy supply and of the account that pays it (issue 16, product "Domain facts"):
 * the POD of an electricity meter, the PDR of a gas meter, the IBAN of the SEPA direct debit. Each check answers
 * the Italian message of what is wrong (null when the value is valid), after the same normalisation the schemas
 * apply (upper case, no blanks).
 */

export const UTILITY_ID_MSG = {
  podRequired: 'Inserisci il POD.',
  podCountry: 'Il POD inizia con IT (es. IT001E12345678).',
  podLength: (length: number) => `Il POD ha 14 caratteri (15 con il carattere di controllo finale): ne hai inseriti ${length}.`,
  podFormat: 'POD non valido: IT, 3 cifre del distributore, la lettera E e 8 cifre (es. IT001E12345678).',
  pdrRequired: 'Inserisci il PDR.',
  pdrDigits: 'Il PDR contiene solo cifre (14, es. 00881234567890).',
  pdrLength: (length: number) => `Il PDR ha 14 cifre: ne hai inserite ${length}.`,
  ibanRequired: 'Inserisci l’IBAN.',
  ibanCountry: 'IBAN non valido: inizia con la sigla del paese (IT per un conto italiano).',
  ibanItalianLength: (length: number) => `Un IBAN italiano ha 27 caratteri: ne hai inseriti ${length}.`,
  ibanLength: 'IBAN non valido: la lunghezza non è quella prevista per il paese indicato.',
  ibanFormat: 'IBAN non valido: dopo le cifre di controllo il formato non è quello del paese (per l’Italia: CIN, ABI, CAB e numero di conto).',
  ibanCheckDigits: 'IBAN non valido: dopo la sigla del paese vengono 2 cifre di controllo.',
  ibanChecksum: 'IBAN non valido: le cifre di controllo non corrispondono. Controlla di averlo copiato senza errori.',
  ibanNationalCheck: 'IBAN non valido: il codice di controllo nazionale non corrisponde a banca, filiale e conto.',
} as const;

/** Upper case without blanks (POD, PDR, IBAN as typed or pasted from a bill: "it 001 e 1234 5678"). */
export const normalizeSupplyCode = (value: string): string => value.replace(/[\s.-]+/g, '').toUpperCase();

const POD = /^IT\d{3}E\d{8}[A-Z0-9]?$/;

/** The Italian message of a wrong POD (IT + 3-digit distributor code + E + 8 digits, a 15th check character may follow), null when valid. */
export const podError = (value: string): string | null => {
  const pod = normalizeSupplyCode(value);
  if (pod === '') return UTILITY_ID_MSG.podRequired;
  if (!pod.startsWith('IT')) return UTILITY_ID_MSG.podCountry;
  if (pod.length !== 14 && pod.length !== 15) return UTILITY_ID_MSG.podLength(pod.length);
  return POD.test(pod) ? null : UTILITY_ID_MSG.podFormat;
};

export const isValidPod = (value: string): boolean => podError(value) === null;

/** The Italian message of a wrong PDR (14 digits), null when valid. */
export const pdrError = (value: string): string | null => {
  const pdr = normalizeSupplyCode(value);
  if (pdr === '') return UTILITY_ID_MSG.pdrRequired;
  if (!/^\d+$/.test(pdr)) return UTILITY_ID_MSG.pdrDigits;
  return pdr.length === 14 ? null : UTILITY_ID_MSG.pdrLength(pdr.length);
};

export const isValidPdr = (value: string): boolean => pdrError(value) === null;

/** The IBAN in electronic format (no blanks or dashes, upper case). */
export const normalizeIban = (value: string): string => electronicFormatIBAN(value) ?? '';

/** The Italian message of a wrong IBAN (ISO 13616: country, length and format of the country, mod 97), null when valid. */
export const ibanError = (value: string): string | null => {
  const iban = normalizeIban(value);
  if (iban === '') return UTILITY_ID_MSG.ibanRequired;
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return UTILITY_ID_MSG.ibanCountry;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return iban.startsWith('IT') ? UTILITY_ID_MSG.ibanItalianLength(iban.length) : UTILITY_ID_MSG.ibanLength;
  if (errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber)) return UTILITY_ID_MSG.ibanCheckDigits;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return UTILITY_ID_MSG.ibanFormat;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return UTILITY_ID_MSG.ibanNationalCheck;
  return UTILITY_ID_MSG.ibanChecksum;
};

export const isValidIban = (value: string): boolean => ibanError(value) === null;
