import { z } from 'zod';
import { ZSectorSlug } from './sectors';

/**
 * The corners' ledger (design "Money"): an append-only list of what each corner is owed, in integer cents
 * (commissions positive, clawbacks negative); a balance is a sum, never a stored total. Issue 16 writes the
 * utilities' commissions and clawbacks; the money issue adds payouts, referral shares and corrections.
 */

export const LEDGER_KINDS = {
  commission: 'Provvigione',
  clawback: 'Storno provvigione',
  referral: 'Quota segnalazione',
  payout: 'Pagamento al corner',
  correction: 'Rettifica',
  reversal: 'Storno di una registrazione',
} as const;
export type TLedgerKind = keyof typeof LEDGER_KINDS;
export const LEDGER_KIND_KEYS = Object.keys(LEDGER_KINDS) as [TLedgerKind, ...TLedgerKind[]];
/** What an admin may reverse: what was earned or corrected (a payout, a clawback and a reversal are not undone by hand). */
export const REVERSIBLE_KINDS: readonly TLedgerKind[] = ['commission', 'referral', 'correction'];

export const LEDGER_MSG = {
  commissionDescription: (title: string) => `Provvigione attivazione ${title}`,
  policyCommissionDescription: (policyNumber: string, title: string) => `Provvigione polizza n. ${policyNumber} (${title})`,
  clawbackDescription: (title: string, months: number) => `Storno provvigione: fornitura cessata entro ${months} mesi (${title})`,
  pageInvalid: 'Pagina non valida.',
  limitInvalid: 'Numero di righe non valido (da 1 a 200).',
  brokerForbidden: 'Il registro delle provvigioni è dei corner e degli amministratori.',
  adminOnly: 'Solo un amministratore può registrare rettifiche.',
  cornerUnknown: 'Corner non trovato.',
  entryUnknown: 'Registrazione non trovata.',
  descriptionRequired: 'Scrivi il motivo della rettifica (almeno 5 caratteri).',
  descriptionTooLong: 'Il motivo è troppo lungo (al massimo 300 caratteri).',
  amountInvalid: 'Importo non valido: un numero di centesimi diverso da zero, fino a 10.000.000,00 €.',
  notReversible: 'Questa registrazione non si può stornare a mano (solo provvigioni, quote di segnalazione e rettifiche).',
  alreadyReversed: 'Questa registrazione è già stata stornata.',
  reversalDescription: (description: string, reason: string) => `Storno di «${description}»: ${reason}`,
  shareTakenBack: 'la provvigione da cui nasceva è stata stornata',
  dateInvalid: 'Data non valida (AAAA-MM-GG).',
  kindInvalid: 'Tipo di registrazione non valido.',
} as const;

/** The largest single correction: 10.000.000,00 € (a typo of zeros is refused, not booked). */
export const LEDGER_MAX_CORRECTION_CENTS = 1_000_000_000;

const ZIsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: LEDGER_MSG.dateInvalid });

export const ZLedgerEntry = z.object({
  id: z.string(),
  cornerId: z.string(),
  practiceId: z.string().nullable(),
  sector: ZSectorSlug.nullable(),
  kind: z.enum(LEDGER_KIND_KEYS),
  /** Signed: a clawback, a payout and a reversal of something earned are negative. */
  amountCents: z.number().int(),
  description: z.string(),
  createdAt: z.date(),
  /** The day it can be paid out (a commission inside its clawback window); null: available now. */
  availableOn: z.string().nullable().optional(),
  /** The entry this one nets out (a reversal, a clawback). */
  reversesId: z.string().nullable().optional(),
  /** Whether a later entry nets this one out. */
  reversed: z.boolean().optional(),
  payoutId: z.string().nullable().optional(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZLedgerQuery = z.object({
  page: z.coerce.number({ error: LEDGER_MSG.pageInvalid }).int({ error: LEDGER_MSG.pageInvalid }).min(1, { error: LEDGER_MSG.pageInvalid }).default(1),
  limit: z.coerce.number({ error: LEDGER_MSG.limitInvalid }).int({ error: LEDGER_MSG.limitInvalid }).min(1, { error: LEDGER_MSG.limitInvalid }).max(200, { error: LEDGER_MSG.limitInvalid }).default(50),
  /** Admin only: one corner's entries. */
  cornerId: z.guid().optional(),
  kind: z.enum(LEDGER_KIND_KEYS, { error: LEDGER_MSG.kindInvalid }).optional(),
  /** Entries on or after this day (Italian calendar). */
  from: ZIsoDay.optional(),
  /** Entries on or before this day. */
  to: ZIsoDay.optional(),
});
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

/**
 * A page of entries, newest first (filtered), with the corner's balance of all of them: `availableCents` is what a
 * payout may take (the balance less `heldCents`, the commissions still inside their clawback window).
 */
export const ZLedgerPage = z.object({
  list: z.array(ZLedgerEntry),
  total: z.number().int(),
  balanceCents: z.number().int(),
  availableCents: z.number().int(),
  heldCents: z.number().int(),
});
export type TLedgerPage = z.infer<typeof ZLedgerPage>;

/** An admin's correction: signed cents with the reason the corner reads. */
export const ZLedgerCorrectionInput = z.object({
  cornerId: z.guid({ error: LEDGER_MSG.cornerUnknown }),
  amountCents: z
    .number({ error: LEDGER_MSG.amountInvalid })
    .int({ error: LEDGER_MSG.amountInvalid })
    .refine((value) => value !== 0 && Math.abs(value) <= LEDGER_MAX_CORRECTION_CENTS, { error: LEDGER_MSG.amountInvalid }),
  description: z.string({ error: LEDGER_MSG.descriptionRequired }).trim().min(5, { error: LEDGER_MSG.descriptionRequired }).max(300, { error: LEDGER_MSG.descriptionTooLong }),
});
export type TLedgerCorrectionInput = z.infer<typeof ZLedgerCorrectionInput>;

/** An entry's id (a positive integer, as a string). */
const ZLedgerEntryId = z.string().regex(/^\d{1,18}$/, { error: LEDGER_MSG.entryUnknown });
/** `GET /api/ledger/:id`: one entry. */
export const ZLedgerEntryIdInput = z.object({ id: ZLedgerEntryId });

/** An admin's reversal of one entry, with its reason. */
export const ZLedgerReversalInput = z.object({
  entryId: ZLedgerEntryId,
  reason: z.string({ error: LEDGER_MSG.descriptionRequired }).trim().min(5, { error: LEDGER_MSG.descriptionRequired }).max(300, { error: LEDGER_MSG.descriptionTooLong }),
});
export type TLedgerReversalInput = z.infer<typeof ZLedgerReversalInput>;

/** Earnings by month (YYYY-MM, Italian calendar) and sector over the last twelve months: commissions net of clawbacks, and referral shares. */
export const ZLedgerSummary = z.object({
  months: z.array(z.object({ month: z.string(), sector: ZSectorSlug.nullable(), kind: z.enum(['commission', 'referral']), amountCents: z.number().int() })),
});
export type TLedgerSummary = z.infer<typeof ZLedgerSummary>;
export const ZLedgerSummaryQuery = z.object({ cornerId: z.guid().optional() });
