import { defineSectorMeta } from '../sector-module';

/** The light half of Luce e gas on the client (see ../sector-module.ts): plain data, no zod, for the sidebar, the home page and its list page. */
export const luceGasMeta = defineSectorMeta({
  slug: 'luce-e-gas',
  icon: 'bolt',
  navOrder: 50,
  description: 'Attivazioni di forniture di energia elettrica e gas: POD e PDR, offerta scelta, documenti.',
  searchHint: 'POD, PDR, indirizzo, fornitore o offerta',
});
