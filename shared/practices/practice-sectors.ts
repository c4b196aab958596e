import { SECTOR_SLUGS, isSectorSlug, type TSectorSlug } from '../sectors';

/**
 * The sectors that have a practice definition: every sector of SECTORS (the registry, shared/practices/registry.ts,
 * is typed complete over them), without loading the definitions: routes, the sidebar and the home page read this,
 * so the first page a user opens does not carry every sector's schemas.
 */
export const PRACTICE_SECTORS: readonly TSectorSlug[] = SECTOR_SLUGS;

/** True for a sector slug (the engine's routes answer only for these). */
export const isPracticeSector = (slug: unknown): slug is TSectorSlug => isSectorSlug(slug);
