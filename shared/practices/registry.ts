import { SECTOR_SLUGS, UnknownSectorError, type TSectorSlug } from '../sectors';
import type { TAnySectorDefinition } from './definition';
import { rcaDefinition } from './rca';

/**
 * The sector definitions the practice engine runs, by slug (issue 15). A sector without a definition yet (altri
 * rami, fideiussioni, gpl, luce e gas until their issues) has no practices: asking for it is an error.
 */
export const PRACTICE_DEFINITIONS: Partial<Record<TSectorSlug, TAnySectorDefinition>> = {
  rca: rcaDefinition,
};

/** True for a sector slug that has a definition (the engine's routes answer only for these). */
export const isPracticeSector = (slug: unknown): slug is TSectorSlug =>
  typeof slug === 'string' && Object.hasOwn(PRACTICE_DEFINITIONS, slug) && PRACTICE_DEFINITIONS[slug as TSectorSlug] !== undefined;

/** The definition of a sector; throws UnknownSectorError('slug', …) for an unknown slug or a sector without one. */
export const practiceDefinition = (slug: TSectorSlug | string): TAnySectorDefinition => {
  const definition = isPracticeSector(slug) ? PRACTICE_DEFINITIONS[slug] : undefined;
  if (!definition) throw new UnknownSectorError('slug', slug);
  return definition;
};

/** The slugs of the sectors with a definition, in the order of SECTORS. */
export const PRACTICE_SECTORS: readonly TSectorSlug[] = SECTOR_SLUGS.filter((slug) => isPracticeSector(slug));

/**
 * The form of text the practice lists search (stored `search_text` and the words of `q`): lower case without
 * accents, so that "citroen" finds "Citroën" (as the clients' search ignores Italian accents).
 */
export const foldSearchText = (text: string): string => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
