import { describe, expect, it } from 'vitest';
import { SECTOR_SLUGS, UnknownSectorError } from '../sectors';
import { PRACTICE_DEFINITIONS, PRACTICE_SECTORS, isPracticeSector, practiceDefinition } from './registry';
import { rcaDefinition } from './rca';

describe('practice definitions registry', () => {
  it('holds RC Auto', () => {
    expect(PRACTICE_DEFINITIONS.rca).toBe(rcaDefinition);
    expect(practiceDefinition('rca')).toBe(rcaDefinition);
    expect(isPracticeSector('rca')).toBe(true);
    expect(PRACTICE_SECTORS).toContain('rca');
  });

  it('names in PRACTICE_SECTORS (read by the first page, without the definitions) exactly the sectors with a definition, in the order of SECTORS', () => {
    expect(PRACTICE_SECTORS).toEqual(SECTOR_SLUGS.filter((slug) => PRACTICE_DEFINITIONS[slug] !== undefined));
  });

  it.each(['auto', '__proto__', 'toString'])('refuses %s, a sector without a definition', (slug) => {
    expect(isPracticeSector(slug)).toBe(false);
    expect(() => practiceDefinition(slug)).toThrow(UnknownSectorError);
    try {
      practiceDefinition(slug);
    } catch (error) {
      expect(error).toMatchObject({ what: 'slug', value: slug });
    }
  });

  it('every definition is consistent with its sector and parses its own example', () => {
    for (const [slug, definition] of Object.entries(PRACTICE_DEFINITIONS)) {
      expect(definition!.sector).toBe(slug);
      expect(definition!.data.safeParse(definition!.example).success).toBe(true);
      expect(Object.keys(definition!.states)).toContain(definition!.initial);
    }
  });
});
