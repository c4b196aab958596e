import { z } from 'zod';
import { ZOfferedProduct, ZProduct, ZProductIdInput, ZProductInput, ZProductPatch, ZProductSectorInput, ZProductVersion, ZProductVersionInput } from '../../../shared/schemas/products';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader } from '../../platform/rest-conventions';

const TAG = 'Prodotti';
const created = (what: string) => ({
  description: what,
  schema: ZProduct,
  headers: locationHeader('Il percorso del prodotto creato.'),
});

/** The products' REST routes in the published contract (issue 29's catalogue, issue 30's contract). */
export const PRODUCTS_DOCS: TRouteDocs = {
  'GET /api/admin/products/schema': {
    summary: 'Lo schema di un prodotto, con un esempio che usa ogni tipo di domanda',
    description: 'Il JSON Schema del contenuto di un prodotto (questionario, documenti, provvigione) e, per l’esempio, lo schema e un esempio delle risposte. Solo amministratori.',
    tag: TAG,
    responses: { 200: { description: 'Lo schema e gli esempi.', schema: z.record(z.string(), z.unknown()) } },
  },
  'GET /api/admin/products/:sector': {
    summary: 'I prodotti di un settore (bozze, versioni, ritirati)',
    tag: TAG,
    params: ZProductSectorInput,
    responses: { 200: { description: 'I prodotti, nell’ordine dell’amministratore.', schema: z.array(ZProduct) } },
  },
  'POST /api/admin/products/:sector': {
    summary: 'Un nuovo prodotto (bozza, non ancora pubblicata)',
    tag: TAG,
    params: ZProductSectorInput,
    body: ZProductInput,
    responses: { 201: created('Il prodotto creato.') },
  },
  'GET /api/admin/products/:sector/:id': {
    summary: 'Un prodotto, con la bozza e le versioni pubblicate',
    tag: TAG,
    params: ZProductIdInput,
    responses: { 200: { description: 'Il prodotto.', schema: ZProduct } },
  },
  'PATCH /api/admin/products/:sector/:id': {
    summary: 'Modifica la bozza, il nome, l’ordine o lo stato (ritiro con `active: false`)',
    tag: TAG,
    params: ZProductIdInput,
    body: ZProductPatch,
    responses: { 200: { description: 'Il prodotto modificato.', schema: ZProduct } },
  },
  'POST /api/admin/products/:sector/:id/publish': {
    summary: 'Pubblica la bozza come nuova versione',
    description: 'Le pratiche già aperte mantengono la loro versione. 409 quando la bozza è uguale all’ultima versione.',
    tag: TAG,
    params: ZProductIdInput,
    responses: {
      201: {
        description: 'La versione pubblicata.',
        schema: ZProductVersion,
        headers: locationHeader('Il percorso della versione pubblicata (`/api/products/{sector}/{id}/versions/{version}`).'),
      },
    },
  },
  'POST /api/admin/products/:sector/:id/duplicate': {
    summary: 'Duplica un prodotto («Copia di …», non pubblicato)',
    tag: TAG,
    params: ZProductIdInput,
    responses: { 201: created('La copia.') },
  },
  'GET /api/products/:sector': {
    summary: 'I prodotti che si possono scegliere ora, all’ultima versione',
    tag: TAG,
    params: ZProductSectorInput,
    responses: { 200: { description: 'I prodotti attivi e pubblicati.', schema: z.array(ZOfferedProduct) } },
  },
  'GET /api/products/:sector/:id/versions/:version': {
    summary: 'Una versione pubblicata (quella con cui una pratica è stata compilata)',
    tag: TAG,
    params: ZProductVersionInput,
    responses: { 200: { description: 'La versione.', schema: ZProductVersion } },
  },
};
