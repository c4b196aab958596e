import { describe, expect, it } from 'vitest';
import type { TBrokerType } from '../../../../shared/constants';
import { UnknownSectorError } from '../../../../shared/sectors';
import { PATHS } from '../../lib/paths';
import { SECTOR_KEYS, SECTORS, sectorOfBroker } from './sector-info';

describe('sector info of the client', () => {
  it('lists the five sectors in sidebar order with label, path and broker type from the registry', () => {
    expect(SECTOR_KEYS.map((key) => [SECTORS[key].label, SECTORS[key].path, SECTORS[key].brokerType])).toEqual([
      ['RC Auto', PATHS.rca, 'RC Auto'],
      ['Altri rami', PATHS.altriRami, 'altri rami'],
      ['Fideiussioni', PATHS.fideiussioni, 'fideiussioni'],
      ['Luce e gas', PATHS.luceGas, 'luce e gas'],
      ['GPL', PATHS.gpl, 'gpl'],
    ]);
    expect([PATHS.rca, PATHS.altriRami, PATHS.fideiussioni, PATHS.luceGas, PATHS.gpl]).toEqual(['/rca', '/altri-rami', '/fideiussioni', '/luce-e-gas', '/gpl']);
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
