import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The five sectors (spec section 2), for every role: their sidebar links (their pages come from features/practices). */
export const sectorsFeature = defineFeature({
  name: 'sectors',
  nav: [
    { group: 'work', order: 20, label: 'RC Auto', to: PATHS.rca, icon: 'car' },
    { group: 'work', order: 30, label: 'Altri rami', to: PATHS.altriRami, icon: 'umbrella' },
    { group: 'work', order: 40, label: 'Fideiussioni', to: PATHS.fideiussioni, icon: 'file' },
    { group: 'work', order: 50, label: 'Luce e gas', to: PATHS.luceGas, icon: 'bolt' },
    { group: 'work', order: 60, label: 'GPL', to: PATHS.gpl, icon: 'flame' },
  ],
});
