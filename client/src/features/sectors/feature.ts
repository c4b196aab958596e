import { isPracticeSector } from '../../../../shared/practices/practice-sectors';
import type { TSectorSlug } from '../../../../shared/sectors';
import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The "not yet" page of each sector without a practice definition; a sector with one gets its pages from features/practices. */
const notYet = (slug: TSectorSlug, path: string, load: () => Promise<{ default: React.ComponentType }>) => (isPracticeSector(slug) ? [] : [{ path, load }]);

/** The five sectors (spec section 2), for every role: their sidebar links, and the pages of those not handled yet. */
export const sectorsFeature = defineFeature({
  name: 'sectors',
  routes: [
    ...notYet('rca', PATHS.rca, () => import('./pages/rca-page')),
    ...notYet('altri-rami', PATHS.altriRami, () => import('./pages/altri-rami-page')),
    ...notYet('fideiussioni', PATHS.fideiussioni, () => import('./pages/fideiussioni-page')),
    ...notYet('luce-e-gas', PATHS.luceGas, () => import('./pages/luce-gas-page')),
    ...notYet('gpl', PATHS.gpl, () => import('./pages/gpl-page')),
  ],
  nav: [
    { group: 'work', order: 20, label: 'RC Auto', to: PATHS.rca, icon: 'car' },
    { group: 'work', order: 30, label: 'Altri rami', to: PATHS.altriRami, icon: 'umbrella' },
    { group: 'work', order: 40, label: 'Fideiussioni', to: PATHS.fideiussioni, icon: 'file' },
    { group: 'work', order: 50, label: 'Luce e gas', to: PATHS.luceGas, icon: 'bolt' },
    { group: 'work', order: 60, label: 'GPL', to: PATHS.gpl, icon: 'flame' },
  ],
});
