import { describe, expect, it } from 'vitest';
import { detectDelimiter, readImportFile } from './clients.import-file';
import { toIsoDate } from './clients.import-rows';

describe('client import: cells', () => {
  it('reads Italian, ISO and Excel serial dates; leaves the rest for the schema to refuse', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(toIsoDate('15/03/1980', now)).toBe('1980-03-15');
    expect(toIsoDate('5-3-1980', now)).toBe('1980-03-05');
    expect(toIsoDate('05.03.80', now)).toBe('1980-03-05');
    expect(toIsoDate('05/03/15', now)).toBe('2015-03-05');
    expect(toIsoDate('1980-03-15T00:00:00Z', now)).toBe('1980-03-15');
    expect(toIsoDate('29295', now)).toBe('1980-03-15');
    expect(toIsoDate('ieri', now)).toBe('ieri');
    expect(toIsoDate('', now)).toBe('');
  });

  it('detects the delimiter, strips the BOM, reads Windows-1252 and keeps line numbers across blank lines', async () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('"a;x",b,c')).toBe(',');
    expect(detectDelimiter('a\tb')).toBe('\t');
    const table = await readImportFile(Buffer.from('\uFEFFNome;Cognome\nMario;Rossi\n\nLuca;Bianchi\n\n\n'));
    expect(table).toEqual({ header: ['Nome', 'Cognome'], rows: [['Mario', 'Rossi'], ['', ''], ['Luca', 'Bianchi']] });
    const latin = await readImportFile(Buffer.from([...Buffer.from('Nome;Comune\nNicol'), 0xf2, ...Buffer.from(';Forl'), 0xec, 0x0a]));
    expect(latin.rows[0]).toEqual(['Nicolò', 'Forlì']);
  });
});
