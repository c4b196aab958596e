import { UnknownSectorError, type TSectorSlug } from '../sectors';
import type { TAnySectorDefinition } from './definition';
import { isPracticeSector } from './practice-sectors';
import { rcaDefinition } from './rca';
import { altriRamiDefinition } from './altri-rami';
import { fideiussioniDefinition } from './fideiussioni';
import { gplDefinition } from './gpl';
import { luceGasDefinition } from './luce-e-gas';

export { PRACTICE_SECTORS, isPracticeSector } from './practice-sectors';

/**
 * The sector definitions the practice engine runs, by slug (issue 15). A sector without a definition yet (altri
 * rami, fideiussioni, gpl, luce e gas until their issues) has no practices: asking for it is an error.
 */
export const PRACTICE_DEFINITIONS: Partial<Record<TSectorSlug, TAnySectorDefinition>> = {
  rca: rcaDefinition,
  'altri-rami': altriRamiDefinition,
  fideiussioni: fideiussioniDefinition,
  gpl: gplDefinition,
  'luce-e-gas': luceGasDefinition,
};

/** The definition of a sector; throws UnknownSectorError('slug', …) for an unknown slug or a sector without one. */
export const practiceDefinition = (slug: TSectorSlug | string): TAnySectorDefinition => {
  const definition = isPracticeSector(slug) && Object.hasOwn(PRACTICE_DEFINITIONS, slug) ? PRACTICE_DEFINITIONS[slug] : undefined;
  if (!definition) throw new UnknownSectorError('slug', slug);
  return definition;
};

/**
 * The form of text the practice lists search (stored `search_text` and the words of `q`): lower case without
 * accents, so that "citroen" finds "Citroën" (as the clients' search ignores Italian accents).
 */
export const foldSearchText = (text: string): string => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
