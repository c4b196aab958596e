import { PRACTICE_SECTORS } from '../../../../shared/practices/practice-sectors';
import { defineFeature } from '../../lib/features';
import { practiceRoutePatterns } from './paths';

/**
 * The practices of every sector with a definition (issue 15): the sector's page (`/rca`: a corner's list, an
 * admin's, a broker's worklist), the request form (`/rca/nuova`) and the practice (`/rca/<id>`). The sidebar links
 * stay in features/sectors.
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
});
