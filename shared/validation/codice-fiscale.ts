import * as codiceFiscaleModule from 'codice-fiscale-js';
import { isValidPartitaIva } from './partita-iva';

type TCodiceFiscalePerson = { name: string; surname: string; gender: 'M' | 'F'; day: number; month: number; year: number; birthplace: string; birthplaceProvincia: string };
type TCodiceFiscaleClass = { check: (cf: string) => boolean; compute: (person: TCodiceFiscalePerson) => string; getOmocodie: (cf: string) => string[]; getCheckCode: (cf: string) => string };
// The package is CommonJS with typings that claim a default export; Node and bundlers expose it differently.
const loaded = codiceFiscaleModule as unknown as { CodiceFiscale?: TCodiceFiscaleClass; default?: TCodiceFiscaleClass & { CodiceFiscale?: TCodiceFiscaleClass } };
/** The codice-fiscale-js class (check character, computing a code, its omocodia variants). */
export const CodiceFiscale: TCodiceFiscaleClass = loaded.CodiceFiscale ?? loaded.default?.CodiceFiscale ?? loaded.default!;

/** A person's codice fiscale: 16 characters with a valid check character; omocodia variants accepted. */
export const isValidPersonalCf = (value: string): boolean => {
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPR-T][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(value)) return false;
  try {
    return CodiceFiscale.check(value);
  } catch {
    return false;
  }
};

/** A company's codice fiscale is numeric (11 digits, same algorithm as the partita IVA). */
export const isValidCompanyCf = (value: string): boolean => /^\d{11}$/.test(value) && isValidPartitaIva(value);
