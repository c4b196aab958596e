import { describe, expect, it } from 'vitest';
import type { TBrokerType } from '../../../../../shared/constants';
import { SECTOR_SLUGS, UnknownSectorError } from '../../../../../shared/sectors';
import { SECTOR_KEYS, SECTORS, sectorOfBroker, sectorSearchHint } from './sector-info';

describe('sector info of the client', () => {
  it('lists the five sectors in sidebar order with label, path and broker type from the registry', () => {
    expect(SECTOR_KEYS.map((key) => [SECTORS[key].label, SECTORS[key].path, SECTORS[key].brokerType])).toEqual([
      ['RC Auto', '/rca', 'RC Auto'],
      ['Altri rami', '/altri-rami', 'altri rami'],
      ['Fideiussioni', '/fideiussioni', 'fideiussioni'],
      ['Luce e gas', '/luce-e-gas', 'luce e gas'],
      ['GPL', '/gpl', 'gpl'],
    ]);
    expect([...SECTOR_KEYS].sort()).toEqual([...SECTOR_SLUGS].sort());
  });

  it("gives each sector's list its own search hint", () => {
    expect(SECTOR_KEYS.map(sectorSearchHint)).toEqual([
      'Targa, telaio, marca, modello o codice fiscale',
      'Prodotto, descrizione, indirizzo, professione o compagnia',
      'Tipo, beneficiario, codice fiscale, CIG o oggetto',
      'POD, PDR, indirizzo, fornitore o offerta',
      'Indirizzo, comune, fornitore o offerta',
    ]);
  });

  it("gives a broker its own sector's worklist", () => {
    expect(sectorOfBroker('luce e gas')).toBe(SECTORS['luce-e-gas']);
    expect(sectorOfBroker('altri rami')).toBe(SECTORS['altri-rami']);
    expect(sectorOfBroker('RC Auto')).toBe(SECTORS.rca);
  });

  it('throws for an unknown or missing broker type instead of showing the RC Auto worklist', () => {
    for (const type of ['luceGas', 'assicurazioni', '', null, undefined]) {
      expect(() => sectorOfBroker(type as TBrokerType)).toThrow(UnknownSectorError);
    }
  });
});
