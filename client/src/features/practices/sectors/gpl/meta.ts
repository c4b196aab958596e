import { defineSectorMeta } from '../sector-module';

/** The light half of GPL on the client (see ../sector-module.ts): plain data, no zod, for the sidebar, the home page and its list page. */
export const gplMeta = defineSectorMeta({
  slug: 'gpl',
  icon: 'flame',
  navOrder: 60,
  description: 'Attivazioni di forniture di GPL: indirizzo, serbatoio, consumi e offerta scelta.',
  searchHint: 'Indirizzo, comune, fornitore o offerta',
});
