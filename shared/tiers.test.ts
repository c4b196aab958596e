import { describe, expect, it } from 'vitest';
import { SECTOR_SLUGS } from './sectors';
import { isSectorInTier, tierRefusal, tierUnavailableNote } from './tiers';

describe('tiers', () => {
  it('bronze opens the utilities, silver the insurance sectors, gold (and a corner without a tier) everything', () => {
    const open = (tier: 'bronze' | 'silver' | 'gold' | null) => SECTOR_SLUGS.filter((sector) => isSectorInTier(tier, sector)).sort();
    expect(open('bronze')).toEqual(['gpl', 'luce-e-gas']);
    expect(open('silver')).toEqual(['altri-rami', 'fideiussioni', 'rca']);
    expect(open('gold')).toEqual([...SECTOR_SLUGS].sort());
    expect(open(null)).toEqual([...SECTOR_SLUGS].sort());
  });

  it('says in Italian which tier opens a sector', () => {
    expect(tierUnavailableNote('rca')).toBe("Disponibile con il livello Gold/Silver: contatta l'amministrazione");
    expect(tierUnavailableNote('gpl')).toBe("Disponibile con il livello Gold: contatta l'amministrazione");
    expect(tierRefusal('bronze', 'rca')).toBe("Con il livello Bronze non puoi aprire pratiche RC Auto: sono disponibili con il livello Gold/Silver. Contatta l'amministrazione.");
  });
});
