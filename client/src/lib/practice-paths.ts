import { PRACTICE_SECTORS } from '../../../shared/practices/practice-sectors';
import { SECTORS, type TSectorSlug } from '../../../shared/sectors';

/**
 * The practices' addresses, one set per sector with a definition (issue 15): the list is the sector's route
 * (`/rca`), a practice `/rca/<id>`, the request form `/rca/nuova` (`?cliente=<id>` when opened from a client).
 */

/** The segment of the create page: static, so it wins over `/:id`. */
export const NEW_PRACTICE_SEGMENT = 'nuova';
/** The query parameter of the create page naming the client. */
export const NEW_PRACTICE_CLIENT_PARAM = 'cliente';

/** The list of a sector's practices (`/rca`). */
export const practicesPath = (sector: TSectorSlug): string => SECTORS[sector].route;

/** One practice: `/rca/<id>`. */
export const practicePath = (sector: TSectorSlug, id: string): string => `${SECTORS[sector].route}/${encodeURIComponent(id)}`;

/** The request form: `/rca/nuova`, or `/rca/nuova?cliente=<id>` for a client already chosen. */
export const newPracticePath = (sector: TSectorSlug, clientId?: string): string =>
  `${SECTORS[sector].route}/${NEW_PRACTICE_SEGMENT}${clientId ? `?${new URLSearchParams({ [NEW_PRACTICE_CLIENT_PARAM]: clientId }).toString()}` : ''}`;

/** The route patterns of a sector's practice pages (for the router). */
export const practiceRoutePatterns = (sector: TSectorSlug) => ({
  list: SECTORS[sector].route,
  create: `${SECTORS[sector].route}/${NEW_PRACTICE_SEGMENT}`,
  detail: `${SECTORS[sector].route}/:id`,
});

/**
 * The sector whose practice pages hold this address (`/rca/nuova`, `/rca/<id>` -> `rca`), among those with a
 * definition; null for any other address. The pages are shared by the sectors and read their sector from here.
 */
export const sectorOfPath = (pathname: string): TSectorSlug | null => {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return PRACTICE_SECTORS.find((sector) => SECTORS[sector].route === first) ?? null;
};
