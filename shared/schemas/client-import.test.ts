import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, normalizeHeader, suggestMapping, ZImportMapping } from './client-import';

describe('client import: suggested mapping', () => {
  it('maps common Italian and English headers, each column and field once', () => {
    expect(normalizeHeader(' E-mail ')).toBe('e mail');
    expect(normalizeHeader('Città')).toBe('citta');
    expect(suggestMapping(['Cognome', 'Nome', 'C.F.', 'Data nascita', 'P. IVA', 'Ragione sociale', 'E-mail', 'Cellulare', 'Tel.', 'Via', 'CAP', 'Città', 'Prov.', 'Note'])).toEqual({
      surname: 0,
      name: 1,
      cf: 2,
      birthDate: 3,
      vat: 4,
      businessName: 5,
      email: 6,
      mobile: 7,
      phone: 8,
      street: 9,
      cap: 10,
      comune: 11,
      province: 12,
      notes: 13,
    });
    expect(suggestMapping(['First name', 'Last name', 'Tax code', 'Zip', 'City'])).toEqual({ name: 0, surname: 1, cf: 2, cap: 3, comune: 4 });
    // A repeated header fills its field once; an unknown one is left to the user.
    expect(suggestMapping(['Nome', 'Nome', 'Residenza'])).toEqual({ name: 0 });
  });

  it('checks a mapping: known fields, column indexes, in Italian', () => {
    expect(ZImportMapping.safeParse({ name: 0, surname: null }).success).toBe(true);
    const wrong = ZImportMapping.safeParse({ name: -1 });
    expect(wrong.success).toBe(false);
    expect(IMPORT_MSG.imported(1)).toBe('Importato 1 cliente.');
  });
});
