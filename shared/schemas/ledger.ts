import { z } from 'zod';
import { ZSectorSlug } from './sectors';

/**
 * The corners' ledger (design "Money"): an append-only list of what each corner is owed, in integer cents
 * (commissions positive, clawbacks negative); a balance is a sum, never a stored total. Issue 16 writes the
 * utilities' commissions and clawbacks; the money issue adds payouts, referral shares and corrections.
 */

export const LEDGER_KINDS = { commission: 'Provvigione', clawback: 'Storno provvigione' } as const;
export type TLedgerKind = keyof typeof LEDGER_KINDS;

export const LEDGER_MSG = {
  commissionDescription: (title: string) => `Provvigione attivazione ${title}`,
  policyCommissionDescription: (policyNumber: string, title: string) => `Provvigione polizza n. ${policyNumber} (${title})`,
  clawbackDescription: (title: string, months: number) => `Storno provvigione: fornitura cessata entro ${months} mesi (${title})`,
  pageInvalid: 'Pagina non valida.',
  limitInvalid: 'Numero di righe non valido (da 1 a 200).',
  brokerForbidden: 'Il registro delle provvigioni è dei corner e degli amministratori.',
} as const;

export const ZLedgerEntry = z.object({
  id: z.string(),
  cornerId: z.string(),
  practiceId: z.string().nullable(),
  sector: ZSectorSlug.nullable(),
  kind: z.enum(['commission', 'clawback']),
  /** Signed: a clawback is negative. */
  amountCents: z.number().int(),
  description: z.string(),
  createdAt: z.date(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZLedgerQuery = z.object({
  page: z.coerce.number({ error: LEDGER_MSG.pageInvalid }).int({ error: LEDGER_MSG.pageInvalid }).min(1, { error: LEDGER_MSG.pageInvalid }).default(1),
  limit: z.coerce.number({ error: LEDGER_MSG.limitInvalid }).int({ error: LEDGER_MSG.limitInvalid }).min(1, { error: LEDGER_MSG.limitInvalid }).max(200, { error: LEDGER_MSG.limitInvalid }).default(50),
  /** Admin only: one corner's entries. */
  cornerId: z.guid().optional(),
});
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

/** A page of entries, newest first, with the balance of all of them (not only the page). */
export const ZLedgerPage = z.object({ list: z.array(ZLedgerEntry), total: z.number().int(), balanceCents: z.number().int() });
export type TLedgerPage = z.infer<typeof ZLedgerPage>;
