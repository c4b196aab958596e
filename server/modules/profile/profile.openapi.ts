import { z } from 'zod';
import { ZProfile, ZUpdateProfileRequest, ZUpdateProfileResponse } from '../../../shared/schemas/profile';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

const TAG = 'Profilo';

/**
 * The merge patch of PATCH /api/profile: any of the fields of ZUpdateProfileRequest (the shape without its checks,
 * which run on the patched profile as a whole).
 */
const ZProfilePatch = z.object({
  user: ZUpdateProfileRequest.shape.user.partial().optional(),
  taxRegime: ZUpdateProfileRequest.shape.taxRegime.optional(),
  hasEmployee: ZUpdateProfileRequest.shape.hasEmployee.optional(),
});

/** The caller's own profile in the published contract (spec section 7). */
export const PROFILE_DOCS: TRouteDocs = {
  'GET /api/profile': {
    summary: 'Il profilo dell’utente',
    description: 'I dati dell’utente, lo stato di completezza (`status`), il contratto e, per i broker, la scheda del settore.',
    tag: TAG,
    responses: { 200: { description: 'Il profilo.', schema: ZProfile } },
  },
  'PATCH /api/profile': {
    summary: 'Modifica i dati del profilo (merge patch, RFC 7396)',
    description:
      'Cambia solo ciò che è inviato; il profilo che ne risulta è controllato per intero (regime fiscale per le aziende, codice fiscale, partita IVA). I campi vuoti sono salvati come testo vuoto.',
    tag: TAG,
    body: ZProfilePatch,
    responses: { 200: { description: 'Il profilo salvato, con il messaggio di conferma.', schema: ZUpdateProfileResponse } },
  },
};
