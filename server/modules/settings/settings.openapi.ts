import { z } from 'zod';
import { ZAdminSettingsQuery, ZSettings, ZSettingsSync, ZUpdateSettingRequest } from '../../../shared/schemas/data';
import { ZRestoreSettingBody, ZRestoreSettingResult, ZSettingHistory, ZSettingHistoryQuery } from '../../../shared/schemas/settings-history';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

const TAG = 'Impostazioni';
/**
 * ZUpdateSettingRequest with its `value` described rather than schematised: z.json() is recursive, and its JSON Schema
 * (`$defs` with `#/$defs/...` references) does not resolve once inlined in the document.
 */
const ZUpdateSettingBody = z.object({
  key: ZUpdateSettingRequest.shape.key,
  value: z.unknown().describe('Il nuovo valore: qualsiasi valore JSON (senza caratteri di controllo, al più 256 KB), controllato con le regole della chiave.'),
});

/** The settings' REST routes in the published contract (spec sections 3 and 7, issue 28's history, issue 30's contract). */
export const SETTINGS_DOCS: TRouteDocs = {
  'GET /api/settings': {
    summary: 'Il blocco «settings» delle impostazioni (spec, sezione 3)',
    description: 'Corner e amministratori (i broker ricevono 403). Ogni chiave con il suo valore; i blocchi tipizzati dei settori e generali valgono il predefinito quando non c’è un valore valido.',
    tag: TAG,
    responses: { 200: { description: 'Le impostazioni, per chiave.', schema: ZSettings } },
  },
  'GET /api/admin/settings': {
    summary: 'Il blocco delle impostazioni degli amministratori, o una sua chiave',
    description: 'Solo amministratori. Senza `key` tutte le chiavi del blocco; con `key` solo quella (una chiave che non è del blocco risponde 400).',
    tag: TAG,
    query: ZAdminSettingsQuery,
    responses: { 200: { description: 'Le impostazioni, per chiave.', schema: ZSettings } },
  },
  'PATCH /api/admin/settings': {
    summary: 'Cambia una chiave delle impostazioni (dell’uno o dell’altro blocco)',
    description:
      'Solo amministratori. Il valore è controllato con le regole della chiave (per esempio i periodi di conservazione: anni interi, non meno di quanto chiede la legge). ' +
      'La modifica entra nella cronologia e ogni utente collegato è avvisato di ricaricare le impostazioni.',
    tag: TAG,
    body: ZUpdateSettingBody,
    responses: { 200: { description: 'La versione delle impostazioni a cui ricaricare.', schema: ZSettingsSync } },
  },
  'GET /api/admin/settings/:key/history': {
    summary: 'Le modifiche di una chiave delle impostazioni, dalla più recente',
    description: 'Solo amministratori. Ogni versione con il valore prima e dopo, le differenze, chi e quando; una chiave senza cronologia risponde 404.',
    tag: TAG,
    params: ZSettingHistoryQuery,
    responses: { 200: { description: 'La cronologia della chiave.', schema: ZSettingHistory } },
  },
  'POST /api/admin/settings/:key/restore': {
    summary: 'Riscrive una versione passata di una chiave, come nuova modifica',
    description:
      'Solo amministratori. Una versione che non esiste risponde 404; una che non rispetta le regole attuali della chiave, 400. Ogni utente collegato è avvisato di ricaricare le impostazioni.',
    tag: TAG,
    params: ZSettingHistoryQuery,
    body: ZRestoreSettingBody,
    responses: { 200: { description: 'La versione delle impostazioni a cui ricaricare, il messaggio e la nuova voce della cronologia.', schema: ZRestoreSettingResult } },
  },
};
