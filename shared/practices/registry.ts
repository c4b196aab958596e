import type { z } from 'zod';
import { SECTOR_SLUGS, UnknownSectorError, isSectorSlug, type TSectorSettingKeyOf, type TSectorSlug } from '../sectors';
import type { TAnySectorDefinition, TSectorDefinitionOf } from './definition';
import { rcaDefinition } from './rca';
import { altriRamiDefinition } from './altri-rami';
import { fideiussioniDefinition } from './fideiussioni';
import { gplDefinition } from './gpl';
import { luceGasDefinition } from './luce-e-gas';

export { PRACTICE_SECTORS, isPracticeSector } from './practice-sectors';

/**
 * What the registry asks of the definition of sector S: its own slug, the kind of its SECTORS entry, a schema for
 * each settings key SECTORS lists for it, and, for an insurance sector, its money rules and its quotations
 * (TSectorDefinition's kind parts). A sector added to SECTORS without its definition here, or with one that lacks
 * any of these, does not compile.
 */
type TDefinitionOf<S extends TSectorSlug> = TSectorDefinitionOf<S> & { settings: { schemas: Record<TSectorSettingKeyOf<S>, z.ZodType> } };

/** The sector definitions the practice engine runs, one per sector of SECTORS (issue 15, issue 25). */
export const PRACTICE_DEFINITIONS = {
  rca: rcaDefinition,
  'altri-rami': altriRamiDefinition,
  fideiussioni: fideiussioniDefinition,
  gpl: gplDefinition,
  'luce-e-gas': luceGasDefinition,
} satisfies { [S in TSectorSlug]: TDefinitionOf<S> };

/** The definitions in the order of SECTORS. */
export const PRACTICE_DEFINITION_LIST: readonly TAnySectorDefinition[] = SECTOR_SLUGS.map((slug) => PRACTICE_DEFINITIONS[slug]);

/** The definition of a sector; throws UnknownSectorError('slug', …) for anything that is not a sector's slug. */
export const practiceDefinition = (slug: TSectorSlug | string): TAnySectorDefinition => {
  if (!isSectorSlug(slug)) throw new UnknownSectorError('slug', slug);
  return PRACTICE_DEFINITIONS[slug];
};

/**
 * The form of text the practice lists search (stored `search_text` and the words of `q`): lower case without
 * accents, so that "citroen" finds "Citroën" (as the clients' search ignores Italian accents).
 */
export const foldSearchText = (text: string): string => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
