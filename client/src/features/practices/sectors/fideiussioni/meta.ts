import { defineSectorMeta } from '../sector-module';

/** The light half of Fideiussioni on the client (see ../sector-module.ts): plain data, no zod, for the sidebar, the home page and its list page. */
export const fideiussioniMeta = defineSectorMeta({
  slug: 'fideiussioni',
  icon: 'file',
  navOrder: 40,
  description: 'Garanzie per affitti, contratti e appalti: richiesta, quotazione ed emissione.',
  searchHint: 'Tipo, beneficiario, codice fiscale, CIG o oggetto',
});
