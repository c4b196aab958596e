import { defineSectorMeta } from '../sector-module';

/** The light half of RC Auto on the client (see ../sector-module.ts): plain data, no zod, for the sidebar, the home page and its list page. */
export const rcaMeta = defineSectorMeta({
  slug: 'rca',
  icon: 'car',
  navOrder: 20,
  description: 'Preventivi e polizze di responsabilità civile auto: veicolo, contraente, conducente e garanzie accessorie.',
  searchHint: 'Targa, telaio, marca, modello o codice fiscale',
});
