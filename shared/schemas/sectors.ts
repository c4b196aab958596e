import { z } from 'zod';
import { MSG } from '../messages';
import { SECTOR_SLUGS, type TSectorSlug } from '../sectors';

/** Validates a sector slug from a URL or a body (`/api/practices/:sector/...`). */
export const ZSectorSlug = z.enum(SECTOR_SLUGS as [TSectorSlug, ...TSectorSlug[]], { error: MSG.sectorUnknown });
