import { PRACTICE_SECTORS } from '../../../../shared/practices/practice-sectors';
import { defineFeature } from '../../lib/features';
import { practiceRoutePatterns } from './paths';
import { SECTOR_CLIENT_META } from './sectors/meta-list';
import { SECTOR_KEYS, SECTORS } from './sectors/sector-info';

/**
 * The practices of every sector (issue 15): the sector's page (`/rca`: a corner's list, an admin's, a broker's
 * worklist), the request form (`/rca/nuova`) and the practice (`/rca/<id>`); and, for every role, the sectors'
 * sidebar links (spec section 2), placed by their meta's `navOrder` (sectors/meta-list.ts).
 */
export const practicesFeature = defineFeature({
  name: 'practices',
  routes: PRACTICE_SECTORS.flatMap((sector) => {
    const patterns = practiceRoutePatterns(sector);
    return [
      { path: patterns.list, load: () => import('./pages/practices-sector-page') },
      { path: patterns.create, load: () => import('./pages/new-practice-page') },
      { path: patterns.detail, load: () => import('./detail/practice-detail-page') },
    ];
  }),
  nav: SECTOR_KEYS.map((slug) => {
    const { label, path, icon } = SECTORS[slug];
    return { group: 'work', order: SECTOR_CLIENT_META[slug].navOrder, label, to: path, icon };
  }),
});
