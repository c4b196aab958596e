import type { TSectorSlug } from '../sectors';

/**
 * The sectors that have a practice definition (shared/practices/registry.ts), in the order of SECTORS, without
 * loading the definitions: routes, the sidebar and the home page read this, so the first page a user opens does not
 * carry every sector's schemas (registry.test.ts checks that it names exactly the registry's sectors).
 */
export const PRACTICE_SECTORS: readonly TSectorSlug[] = ['rca', 'altri-rami', 'fideiussioni', 'gpl', 'luce-e-gas'];

/** True for a sector slug that has a definition (the engine's routes answer only for these). */
export const isPracticeSector = (slug: unknown): slug is TSectorSlug => typeof slug === 'string' && (PRACTICE_SECTORS as readonly string[]).includes(slug);
