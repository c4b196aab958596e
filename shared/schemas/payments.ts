import { z } from 'zod';
import { PAYMENT_STATUSES } from '../constants';
import { todayInItaly } from '../rules/italian-day';
import { zRequiredText, zText } from './common';
import { ZPayments } from './data';

/**
 * Payments the corner owes (issue 27): a request (a premium raised by asking for issue) moves `notPaied` ->
 * `pending` when the corner declares it paid with its proof (a transfer receipt, PDF or image; several requests
 * with one transfer), -> `paied` when an admin confirms it, or back to `notPaied` with the reason the admin
 * rejected the proof, which the corner sees.
 */
export const PAYMENT_MSG = {
  notFound: 'Pagamento non trovato.',
  notDeclarable: (description: string) => `«${description}» non è da pagare: è già dichiarato o pagato.`,
  notPending: (description: string) => `«${description}» non è in attesa di conferma.`,
  proofOne: 'Allega una sola ricevuta del bonifico (PDF o immagine).',
  proofType: 'La ricevuta deve essere un PDF o un’immagine (PNG, JPEG, HEIC, WebP).',
  proofMissing: 'Ricevuta non trovata: caricala di nuovo.',
  paymentsRequired: 'Scegli almeno un pagamento da dichiarare.',
  paymentsTooMany: 'Al massimo 50 pagamenti con una ricevuta.',
  paymentInvalid: 'Pagamento non valido.',
  reasonTooShort: 'Spiega al corner perché la ricevuta non va bene (almeno 5 caratteri).',
  declared: (count: number) => (count === 1 ? 'Pagamento dichiarato: lo confermeremo appena verificato il bonifico.' : `${count} pagamenti dichiarati: li confermeremo appena verificato il bonifico.`),
  confirmed: 'Pagamento confermato.',
  rejected: 'Ricevuta respinta: il corner vede il motivo e può dichiararlo di nuovo.',
  // Notifications (spec section 3: new_payment, ne_payment_confirm).
  declaredTitle: 'Pagamento da confermare',
  declaredText: (corner: string, count: number, totalLabel: string) =>
    `${corner} ha dichiarato ${count === 1 ? 'un pagamento' : `${count} pagamenti`} per ${totalLabel}, con la ricevuta del bonifico.`,
  confirmedTitle: 'Pagamento confermato',
  confirmedText: (description: string) => `Abbiamo ricevuto il pagamento «${description}». Grazie.`,
  rejectedTitle: 'Ricevuta non accettata',
  rejectedText: (description: string, reason: string) => `La ricevuta per «${description}» non è stata accettata: ${reason} Puoi dichiararlo di nuovo con la ricevuta corretta.`,
  openPayments: 'Apri i pagamenti',
  amountInvalid: 'Importo non valido: in euro, maggiore di zero.',
  amountTooHigh: 'Importo troppo alto: al massimo 1.000.000,00 €.',
  dueDateInvalid: 'Scadenza non valida: una data da oggi in poi.',
  cornerInvalid: 'Scegli il corner che deve pagare.',
  created: 'Pagamento aggiunto: il corner lo trova tra quelli da pagare.',
  newTitle: 'Nuovo pagamento da fare',
  newText: (description: string, amountLabel: string) => `Hai un nuovo pagamento da fare: «${description}», ${amountLabel}.`,
} as const;

/** The reminders of an overdue payment (once a day, at most three times): `dueLabel` as 12/11/2026. */
export const PAYMENT_REMINDER_MSG = {
  title: 'Pagamento scaduto',
  text: (description: string, amountLabel: string, dueLabel: string) => `Pagamento scaduto: ${description} di ${amountLabel} era da pagare entro il ${dueLabel}.`,
  overdue: 'Scaduto',
} as const;

/** The files subject of a corner's proofs of payment (id = the corner's id; the corner and admins read them). */
export const PAYMENT_PROOF_SUBJECT = 'payment-proof';
export const PAYMENT_PROOF_MIMES = ['application/pdf', 'image/png', 'image/jpeg', 'image/heic', 'image/webp'] as const;

const zPaymentId = z.guid({ error: PAYMENT_MSG.paymentInvalid });
const zPaymentIds = z
  .array(zPaymentId, { error: PAYMENT_MSG.paymentsRequired })
  .min(1, { error: PAYMENT_MSG.paymentsRequired })
  .max(50, { error: PAYMENT_MSG.paymentsTooMany })
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/payments/declare`: the `body` part of the multipart request (the proof is `file0`). */
export const ZDeclarePaymentsBody = z.object({ paymentIds: zPaymentIds });
/** tRPC `payments.declare`: the proof uploaded first (`/api/docs/upload?subjectType=payment-proof&subjectId=<corner>`). */
export const ZDeclarePaymentsInput = z.object({ paymentIds: zPaymentIds, proofFileId: z.guid({ error: PAYMENT_MSG.proofMissing }) });
export type TDeclarePaymentsInput = z.infer<typeof ZDeclarePaymentsInput>;

export const ZPaymentIdInput = z.object({ id: zPaymentId });
export const ZRejectPaymentInput = z.object({
  id: zPaymentId,
  reason: zText({ error: PAYMENT_MSG.reasonTooShort }).trim().min(5, { error: PAYMENT_MSG.reasonTooShort }).max(1000, { error: 'Massimo 1000 caratteri.' }),
});
export type TRejectPaymentInput = z.infer<typeof ZRejectPaymentInput>;

/** `GET /api/admin/payments`: filters and paging. */
export const ZAdminPaymentsQuery = z.object({
  state: z.enum(PAYMENT_STATUSES, { error: 'Stato non valido.' }).optional(),
  cornerId: z.guid({ error: 'Corner non valido.' }).optional(),
  from: z.iso.date({ error: 'Data non valida (AAAA-MM-GG).' }).optional(),
  to: z.iso.date({ error: 'Data non valida (AAAA-MM-GG).' }).optional(),
  page: z.coerce.number({ error: 'Pagina non valida.' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(1).max(200).default(50),
});
export type TAdminPaymentsQuery = z.infer<typeof ZAdminPaymentsQuery>;

/** A payment as the admin sees it: whose, for what, its proof and its story so far. */
export const ZAdminPayment = z.object({
  id: z.string(),
  cornerId: z.string(),
  cornerName: z.string(),
  description: z.string(),
  amount: z.number().int().describe('euro cents'),
  status: z.enum(PAYMENT_STATUSES),
  dueDate: z.date().nullable(),
  createdAt: z.date(),
  declaredAt: z.date().nullable(),
  /** The proof of the latest declaration (`files/<id>`). */
  proofUrl: z.string().nullable(),
  paidAt: z.date().nullable(),
  rejectedReason: z.string().nullable(),
  practiceId: z.string().nullable(),
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;
export const ZAdminPayments = z.object({
  list: z.array(ZAdminPayment),
  total: z.number().int(),
  totals: z.object({ notPaied: z.number().int(), pending: z.number().int(), paied: z.number().int() }),
});
export type TAdminPayments = z.infer<typeof ZAdminPayments>;

/** What the admin's create, confirm and reject answer: the message to show and the payment as it now is. */
export const ZPaymentDecision = z.object({ message: z.string(), payment: ZAdminPayment });
/** What a declaration answers: the message to show and the corner's payments as they now are (no gift cards). */
export const ZDeclaredPayments = ZPayments.omit({ giftcards: true }).extend({ message: z.string() });
/** One change of a payment (`declared`, `confirmed`, `rejected`), with its details (the proof, the reason). */
export const ZPaymentEvent = z.object({ kind: z.string(), actorId: z.string(), payload: z.record(z.string(), z.unknown()), createdAt: z.date() });

/** An amount an admin asks of a corner by hand: at most 1.000.000,00 € (a fee or a correction, not a premium). */
export const MAX_MANUAL_PAYMENT_CENTS = 100_000_000;

/** `POST /api/admin/payments`: a fee or a correction the admin asks of a corner, with what it is for. */
export const ZCreatePaymentInput = z.object({
  cornerId: z.guid({ error: PAYMENT_MSG.cornerInvalid }),
  description: zRequiredText(300),
  amountCents: z
    .number({ error: PAYMENT_MSG.amountInvalid })
    .int({ error: PAYMENT_MSG.amountInvalid })
    .min(1, { error: PAYMENT_MSG.amountInvalid })
    .max(MAX_MANUAL_PAYMENT_CENTS, { error: PAYMENT_MSG.amountTooHigh }),
  dueDate: z.iso
    .date({ error: PAYMENT_MSG.dueDateInvalid })
    .refine((value) => value >= todayInItaly(), { error: PAYMENT_MSG.dueDateInvalid })
    .refine((value) => value <= `${Number(todayInItaly().slice(0, 4)) + 2}-12-31`, { error: PAYMENT_MSG.dueDateInvalid }),
});
export type TCreatePaymentInput = z.infer<typeof ZCreatePaymentInput>;
