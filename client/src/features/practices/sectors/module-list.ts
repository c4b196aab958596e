import type { TSectorSlug } from '../../../../../shared/sectors';
import { altriRamiModule } from './altri-rami';
import { fideiussioniModule } from './fideiussioni';
import { gplModule } from './gpl';
import { luceGasModule } from './luce-e-gas';
import { rcaModule } from './rca';
import type { TSectorList, TSectorModule } from './sector-module';

/**
 * The heavy half of every sector on the client, one line each (a new sector adds its `index.ts` here and its
 * `meta.ts` in meta-list.ts): the forms and summaries with the sectors' zod definitions. Only the create page and
 * the practice's page import it, so they stay in those pages' chunks, out of the first bundle. Typed complete over
 * the slugs of shared/sectors.ts, so a sector missing here does not compile.
 */
const SECTOR_MODULES = {
  rca: rcaModule,
  'altri-rami': altriRamiModule,
  fideiussioni: fideiussioniModule,
  gpl: gplModule,
  'luce-e-gas': luceGasModule,
} satisfies TSectorList<TSectorModule>;

/** The form, summary and field labels of a sector. */
export const sectorModule = (sector: TSectorSlug): TSectorModule => SECTOR_MODULES[sector];
