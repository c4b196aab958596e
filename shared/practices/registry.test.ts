import { describe, expect, it } from 'vitest';
import { SECTOR_SLUGS, SECTORS, UnknownSectorError } from '../sectors';
import { SECTOR_SETTING_SCHEMAS, SECTOR_SETTINGS_DEFAULTS } from './sector-settings';
import { PRACTICE_DEFINITIONS, PRACTICE_SECTORS, isPracticeSector, practiceDefinition } from './registry';
import { rcaDefinition } from './rca';
import type { TAnySectorDefinition } from './definition';

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

  it('every definition matches the light half of its sector: its kind, and a schema and a valid default for exactly the settings keys SECTORS lists', () => {
    for (const slug of SECTOR_SLUGS) {
      const definition = PRACTICE_DEFINITIONS[slug];
      expect(definition.kind).toBe(SECTORS[slug].kind);
      const keys = [...new Set<string>([...SECTORS[slug].settings.admin, ...SECTORS[slug].settings.broker])].sort();
      expect(Object.keys(definition.settings.schemas).sort()).toEqual(keys);
      expect(Object.keys(definition.settings.defaults).sort()).toEqual(keys);
      for (const key of keys) {
        const schemas: Record<string, { safeParse: (value: unknown) => { success: boolean } }> = definition.settings.schemas;
        expect(schemas[key]!.safeParse((definition.settings.defaults as Record<string, unknown>)[key]).success, `${slug} ${key}`).toBe(true);
      }
      // An insurance sector has its money rules and its quotations; a utility has neither.
      expect(definition.insurance !== undefined, slug).toBe(definition.kind === 'insurance');
      expect(definition.quotation !== undefined, slug).toBe(definition.kind === 'insurance');
    }
    expect(Object.keys(SECTOR_SETTING_SCHEMAS).sort()).toEqual(Object.keys(SECTOR_SETTINGS_DEFAULTS).sort());
  });

  it('every transition leaves from and goes to states of its definition, and is told apart by its target within each state', () => {
    for (const definition of Object.values(PRACTICE_DEFINITIONS) as TAnySectorDefinition[]) {
      const states = Object.keys(definition.states);
      for (const transition of definition.transitions) {
        expect(states).toContain(transition.to);
        for (const from of transition.from) expect(states).toContain(from);
        // The engine finds a transition by (current state, target): two from one state to one target would be ambiguous.
        for (const other of definition.transitions) {
          if (other !== transition && other.to === transition.to) expect(other.from.filter((state) => transition.from.includes(state))).toEqual([]);
        }
      }
    }
  });
});
