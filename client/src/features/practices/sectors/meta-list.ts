import { altriRamiMeta } from './altri-rami/meta';
import { fideiussioniMeta } from './fideiussioni/meta';
import { gplMeta } from './gpl/meta';
import { luceGasMeta } from './luce-e-gas/meta';
import { rcaMeta } from './rca/meta';
import type { TSectorClientMeta, TSectorList } from './sector-module';

/**
 * The light half of every sector on the client, one line each (a new sector adds its `meta.ts` here and its
 * `index.ts` in module-list.ts): the sidebar, the home page's cards and the list pages' search derive from it.
 * Typed complete over the slugs of shared/sectors.ts, so a sector missing here does not compile.
 */
export const SECTOR_CLIENT_META = {
  rca: rcaMeta,
  'altri-rami': altriRamiMeta,
  fideiussioni: fideiussioniMeta,
  gpl: gplMeta,
  'luce-e-gas': luceGasMeta,
} satisfies TSectorList<TSectorClientMeta>;
