import { z } from 'zod';
import {
  ZAgenciesQuery,
  ZAgency,
  ZAgencyIdInput,
  ZAgencyInput,
  ZAgencyPatch,
  ZAgencyUpdate,
  ZCompaniesQuery,
  ZCompany,
  ZCompanyIdInput,
  ZCompanyInput,
  ZCompanyPatch,
  ZCompanyUpdate,
} from '../../../shared/schemas/insurers';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader } from '../../platform/rest-conventions';

const TAG = 'Compagnie e agenzie';
const READERS = 'Amministratori e broker.';
const WRITERS = 'Solo amministratori; la modifica è scritta nel Registro attività.';
const PATCHED = 'Cambiano solo i campi inviati; il risultato intero è controllato come alla creazione.';

/** The insurers' REST routes in the published contract (issue 15's lists, issue 30's contract). */
export const INSURERS_DOCS: TRouteDocs = {
  'GET /api/admin/companies': {
    summary: 'Le compagnie assicurative, per nome',
    description: `${READERS} Solo le attive, salvo \`includeInactive\`; \`q\` cerca nel nome e nel codice IVASS.`,
    tag: TAG,
    query: ZCompaniesQuery,
    responses: { 200: { description: 'Le compagnie.', schema: z.array(ZCompany) } },
  },
  'POST /api/admin/companies': {
    summary: 'Aggiunge una compagnia',
    description: `${WRITERS} Nome e codice IVASS sono unici (409 se esistono già).`,
    tag: TAG,
    body: ZCompanyInput,
    responses: { 201: { description: 'La compagnia aggiunta.', schema: ZCompany, headers: locationHeader('Il percorso della compagnia aggiunta (`/api/admin/companies/{id}`).') } },
  },
  'GET /api/admin/companies/:id': {
    summary: 'Una compagnia (anche disattivata)',
    description: READERS,
    tag: TAG,
    params: ZCompanyIdInput,
    responses: { 200: { description: 'La compagnia.', schema: ZCompany } },
  },
  'PATCH /api/admin/companies/:id': {
    summary: 'Modifica una compagnia (anche la disattivazione, con `active: false`)',
    description: `${WRITERS} ${PATCHED}`,
    tag: TAG,
    params: ZCompanyUpdate.pick({ id: true }),
    body: ZCompanyPatch,
    responses: { 200: { description: 'La compagnia modificata.', schema: ZCompany } },
  },
  'GET /api/admin/agencies': {
    summary: 'Le agenzie che quotano per le compagnie, per compagnia e nome',
    description: `${READERS} Solo le attive, salvo \`includeInactive\`; di una compagnia con \`companyId\`; \`q\` cerca nel nome, nel codice, nel comune e nel nome della compagnia.`,
    tag: TAG,
    query: ZAgenciesQuery,
    responses: { 200: { description: 'Le agenzie.', schema: z.array(ZAgency) } },
  },
  'POST /api/admin/agencies': {
    summary: 'Aggiunge un’agenzia a una compagnia',
    description: `${WRITERS} La compagnia deve esistere ed essere attiva per un’agenzia attiva (400 altrimenti); il codice agenzia è unico nella compagnia (409).`,
    tag: TAG,
    body: ZAgencyInput,
    responses: { 201: { description: 'L’agenzia aggiunta.', schema: ZAgency, headers: locationHeader('Il percorso dell’agenzia aggiunta (`/api/admin/agencies/{id}`).') } },
  },
  'GET /api/admin/agencies/:id': {
    summary: 'Un’agenzia (anche disattivata)',
    description: READERS,
    tag: TAG,
    params: ZAgencyIdInput,
    responses: { 200: { description: 'L’agenzia, con il nome della sua compagnia.', schema: ZAgency } },
  },
  'PATCH /api/admin/agencies/:id': {
    summary: 'Modifica un’agenzia (anche la disattivazione, con `active: false`)',
    description: `${WRITERS} ${PATCHED}`,
    tag: TAG,
    params: ZAgencyUpdate.pick({ id: true }),
    body: ZAgencyPatch,
    responses: { 200: { description: 'L’agenzia modificata.', schema: ZAgency } },
  },
};
