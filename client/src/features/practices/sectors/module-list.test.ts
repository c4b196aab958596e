import { describe, expect, it } from 'vitest';
import { SECTOR_SLUGS } from '../../../../../shared/sectors';
import { SECTOR_CLIENT_META } from './meta-list';
import { sectorModule } from './module-list';

describe('the client sector lists', () => {
  it('give every sector of the registry its meta and its module, each under its own slug', () => {
    for (const slug of SECTOR_SLUGS) {
      expect(SECTOR_CLIENT_META[slug].slug).toBe(slug);
      expect(sectorModule(slug).slug).toBe(slug);
    }
    expect(Object.keys(SECTOR_CLIENT_META).sort()).toEqual([...SECTOR_SLUGS].sort());
  });

  it("names a sector's data fields in Italian for the history, and an unknown path as itself", () => {
    expect(sectorModule('gpl').fieldLabel('tank.litres')).toBe('Capacità del serbatoio (litri)');
    expect(sectorModule('rca').fieldLabel('unknown.path')).toBe('unknown.path');
  });
});
