import { ZReferralSettings, ZReferralSettingsSaved, ZReferralsOverview } from '../../../shared/schemas/referrals';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

const TAG = 'Segnalazioni';

/** The referrals' REST routes in the published contract (issue 27's referrals, issue 30's contract). */
export const REFERRALS_DOCS: TRouteDocs = {
  'GET /api/referrals': {
    summary: 'Il link di segnalazione del corner, i corner segnalati e quanto gli ha reso ciascuno',
    description:
      'Solo corner. Chi si registra con il link diventa un segnalato: per `months` mesi il corner guadagna il `percent`% di ogni sua provvigione. ' +
      'Gli importi (`earnedCents`, `totalEarnedCents`) sono in centesimi di euro (interi), al netto degli storni.',
    tag: TAG,
    responses: { 200: { description: 'Il codice, il link, le regole in vigore e i segnalati.', schema: ZReferralsOverview } },
  },
  'GET /api/admin/referrals/settings': {
    summary: 'Le regole delle segnalazioni: percentuale e durata',
    description: 'Solo amministratori. Le regole salvate, o quelle predefinite (10% per 12 mesi).',
    tag: TAG,
    responses: { 200: { description: 'Le regole.', schema: ZReferralSettings } },
  },
  'PUT /api/admin/referrals/settings': {
    summary: 'Salva le regole delle segnalazioni',
    description: 'Solo amministratori. `percent` da 0 a 50, `months` da 1 a 60; valgono per le provvigioni da ora in poi. La modifica entra nella cronologia delle impostazioni.',
    tag: TAG,
    body: ZReferralSettings,
    responses: { 200: { description: 'Il messaggio e le regole salvate.', schema: ZReferralSettingsSaved } },
  },
};
