import { z } from 'zod';
import {
  ZChooseGiftcardInput,
  ZChooseGiftcardResult,
  ZGiftcardCatalogue,
  ZGiftcardCatalogueQuery,
  ZGiftcardCategory,
  ZGiftcardCategoryInput,
  ZGiftcardComuneInput,
  ZGiftcardMessage,
  ZIdInput,
  ZMunicipalCard,
  ZMunicipalCardInput,
  ZMunicipalCardPatch,
  ZNationalCard,
  ZNationalCardInput,
  ZNationalCardPatch,
} from '../../../shared/schemas/giftcards';
import type { TRouteDoc, TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader } from '../../platform/rest-conventions';

const TAG = 'Gift card';
const CENTS = 'I tagli (`denominations`) sono in centesimi di euro (interi, crescenti).';
const ADMINS = 'Solo amministratori.';

/** The five admin routes of one list of the catalogue (categories, national or municipal cards). */
const adminList = (
  path: string,
  what: { list: string; one: string; get: string; created: string; patch: string },
  schemas: { item: z.ZodType; input: z.ZodType; patch: z.ZodType },
  notes: { write: string; remove: string },
): Record<string, TRouteDoc> => ({
  [`GET ${path}`]: {
    summary: what.list,
    description: ADMINS,
    tag: TAG,
    responses: { 200: { description: what.list, schema: z.array(schemas.item) } },
  },
  [`POST ${path}`]: {
    summary: `Aggiunge ${what.one}`,
    description: `${ADMINS} ${notes.write}`,
    tag: TAG,
    body: schemas.input,
    responses: { 201: { description: `${what.created}.`, schema: schemas.item, headers: locationHeader(`Il percorso di ciò che è stato aggiunto (\`${path}/{id}\`).`) } },
  },
  [`GET ${path}/:id`]: {
    summary: what.get,
    description: ADMINS,
    tag: TAG,
    params: ZIdInput,
    responses: { 200: { description: 'Come è ora.', schema: schemas.item } },
  },
  [`PATCH ${path}/:id`]: {
    summary: what.patch,
    description: `${ADMINS} ${notes.write}`,
    tag: TAG,
    params: ZIdInput,
    body: schemas.patch,
    responses: { 200: { description: 'Come è ora.', schema: schemas.item } },
  },
  [`DELETE ${path}/:id`]: {
    summary: `Elimina ${what.one}`,
    description: `${ADMINS} ${notes.remove}`,
    tag: TAG,
    params: ZIdInput,
    responses: { 200: { description: 'Il messaggio da mostrare.', schema: ZGiftcardMessage } },
  },
});

/** The gift cards' REST routes in the published contract (issue 27's catalogue, issue 30's contract). */
export const GIFTCARDS_DOCS: TRouteDocs = {
  'GET /api/giftcards/catalogue': {
    summary: 'Le gift card che il chiamante può scegliere e la sua scelta',
    description:
      'Corner e amministratori (i broker ricevono 403). Le carte nazionali attive e le carte attive dei negozi del suo comune (solo nazionali finché non lo indica), di una categoria con `categoryId`; ' +
      `la scelta ha \`available\` false se un amministratore l’ha disattivata. ${CENTS}`,
    tag: TAG,
    query: ZGiftcardCatalogueQuery,
    responses: { 200: { description: 'Il comune, le categorie, le carte e la scelta.', schema: ZGiftcardCatalogue } },
  },
  'PUT /api/profile/giftcard': {
    summary: 'Sceglie la gift card con cui ricevere le provvigioni',
    description: `Corner e amministratori. Una carta attiva tra quelle che il chiamante può vedere (un’altra risponde 404). ${CENTS}`,
    tag: TAG,
    body: ZChooseGiftcardInput,
    responses: { 200: { description: 'Il messaggio e la carta scelta.', schema: ZChooseGiftcardResult } },
  },
  'PUT /api/profile/giftcard/comune': {
    summary: 'Indica il comune di cui vedere le gift card dei negozi',
    description: `Corner e amministratori. Un comune attivo (codice ISTAT di 6 cifre, altrimenti 400); la scelta della carta resta com’è. ${CENTS}`,
    tag: TAG,
    body: ZGiftcardComuneInput,
    responses: { 200: { description: 'Il catalogo con il nuovo comune.', schema: ZGiftcardCatalogue } },
  },
  ...adminList(
    '/api/admin/giftcards/categories',
    { list: 'Le categorie, per nome, con quante carte raggruppano', one: 'una categoria', get: 'Una categoria, con quante carte raggruppa', created: 'La categoria aggiunta', patch: 'Rinomina una categoria' },
    { item: ZGiftcardCategory, input: ZGiftcardCategoryInput, patch: ZGiftcardCategoryInput },
    { write: 'Il nome è unico (409 se esiste già).', remove: 'Rifiutato (409) finché una carta la usa.' },
  ),
  ...adminList(
    '/api/admin/giftcards/national',
    { list: 'Le gift card nazionali', one: 'una gift card nazionale', get: 'Una gift card nazionale', created: 'La carta aggiunta', patch: 'Modifica una gift card nazionale (cambiano solo i campi inviati; `active: false` la disattiva)' },
    { item: ZNationalCard, input: ZNationalCardInput, patch: ZNationalCardPatch },
    { write: `${CENTS} L’immagine è un indirizzo https://.`, remove: 'Rifiutato (409) se un corner l’ha scelta: va disattivata.' },
  ),
  ...adminList(
    '/api/admin/giftcards/municipal',
    { list: 'Le gift card dei negozi dei comuni', one: 'una gift card di un negozio', get: 'Una gift card di un negozio', created: 'La carta aggiunta', patch: 'Modifica una gift card di un negozio (cambiano solo i campi inviati; `active: false` la disattiva)' },
    { item: ZMunicipalCard, input: ZMunicipalCardInput, patch: ZMunicipalCardPatch },
    { write: `${CENTS} Il comune è un comune attivo (codice ISTAT).`, remove: 'Rifiutato (409) se un corner l’ha scelta: va disattivata.' },
  ),
};
