import { defineSectorMeta } from '../sector-module';

/** The light half of Altri rami on the client (see ../sector-module.ts): plain data, no zod, for the sidebar, the home page and its list page. */
export const altriRamiMeta = defineSectorMeta({
  slug: 'altri-rami',
  icon: 'umbrella',
  navOrder: 30,
  description: 'Casa, infortuni, responsabilità professionale, viaggi, salute e gli altri rami, ciascuno con il suo questionario.',
  searchHint: 'Prodotto, descrizione, indirizzo, professione o compagnia',
});
