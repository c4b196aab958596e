/** Upper-cases and strips blanks, the way tax codes are written on documents. */
export const normalizeTaxCode = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** Accepts an optional `IT` prefix and blanks in a partita IVA. */
export const normalizeVat = (value: string): string => normalizeTaxCode(value).replace(/^IT/, '');

export const normalizeEmail = (value: string): string => value.trim().toLowerCase();
