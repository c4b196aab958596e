import { z } from 'zod';
import { ibanError, normalizeIban } from '../validation/utilities';
import { ZInvoiceDocument } from '../payouts/documents';

/**
 * Payouts (issue 27): a corner asks to be paid (part of) what is available in its ledger. Persons choose a gift
 * card or a receipt for occasional work (20% withholding, the 2 € stamp above 77,47 €, the 5.000 € year warned);
 * companies are paid against their invoice (FatturaPA, VAT-exempt commissions, the art. 25-bis withholding). The
 * request reserves the amount in the ledger at once (a payout entry), so two requests never spend it twice; the
 * admin then pays it (a gift card code, or the transfer's date and reference).
 */
export const PAYOUT_METHODS = { giftcard: 'Gift card', receipt: 'Ricevuta per prestazione occasionale', invoice: 'Fattura' } as const;
export type TPayoutMethod = keyof typeof PAYOUT_METHODS;
export const PAYOUT_STATES = { requested: 'Da pagare', paid: 'Pagato' } as const;
export type TPayoutState = keyof typeof PAYOUT_STATES;
/** The smallest payout: 10,00 €. */
export const PAYOUT_MIN_CENTS = 1000;

export const PAYOUT_MSG = {
  amountInvalid: 'Importo non valido: in euro, almeno 10,00 €.',
  amountTooHigh: 'Importo troppo alto: al massimo 1.000.000,00 €.',
  methodInvalid: 'Scegli come vuoi essere pagato: gift card, ricevuta o fattura.',
  methodForPersons: 'Come persona fisica puoi essere pagato con una gift card o con una ricevuta per prestazione occasionale.',
  methodForCompanies: 'Come azienda sei pagato contro fattura elettronica.',
  exceedsAvailable: (availableLabel: string) => `Importo superiore al disponibile: puoi chiedere al massimo ${availableLabel}.`,
  nothingAvailable: 'Non hai importi disponibili da farti pagare.',
  giftcardNotChosen: 'Scegli prima la gift card che vuoi ricevere (Profilo › La mia Gift Card).',
  profileIncomplete: 'Completa i dati per i pagamenti (indirizzo e IBAN) prima di chiedere un pagamento con ricevuta o fattura.',
  companyDataIncomplete: 'Per la fattura servono la ragione sociale e la partita IVA nel tuo profilo.',
  personDataIncomplete: 'Per la ricevuta servono nome, cognome e codice fiscale nel tuo profilo.',
  requested: 'Richiesta inviata: l’amministrazione ti pagherà a breve.',
  notFound: 'Pagamento non trovato.',
  notRequested: 'Questo pagamento è già stato eseguito.',
  noDocument: 'Per una gift card non c’è un documento da scaricare: il codice è nelle tue gift card.',
  giftcardCodeRequired: 'Scrivi il codice della gift card (da 4 a 64 caratteri).',
  transferRequired: 'Indica la data e il riferimento (CRO/TRN) del bonifico.',
  transferDateInvalid: 'Data del bonifico non valida: non può essere futura.',
  referenceInvalid: 'Riferimento del bonifico non valido (da 3 a 60 caratteri).',
  wrongPayment: 'Una gift card si paga con il suo codice; una ricevuta o una fattura con il bonifico.',
  paid: 'Pagamento registrato: il corner lo vede tra i suoi pagamenti.',
  profileSaved: 'Dati per i pagamenti salvati.',
  addressRequired: 'Scrivi l’indirizzo (via e numero civico).',
  postalCodeInvalid: 'CAP non valido: 5 cifre.',
  cityRequired: 'Scrivi il comune.',
  provinceInvalid: 'Provincia non valida: la sigla di 2 lettere (es. MI).',
  // Notifications (spec section 3: new_payment_request to admins, ne_payment_confirm to the corner).
  requestTitle: 'Nuova richiesta di pagamento',
  requestText: (corner: string, amountLabel: string, method: string) => `${corner} chiede il pagamento di ${amountLabel} (${method}).`,
  paidTitle: 'Pagamento eseguito',
  paidText: (amountLabel: string, method: string) => `Ti abbiamo pagato ${amountLabel} (${method}).`,
  openPayouts: 'Apri i pagamenti',
} as const;

export const ZPayoutMethod = z.enum(['giftcard', 'receipt', 'invoice'], { error: PAYOUT_MSG.methodInvalid });

/** `POST /api/payouts`: how much of the available balance, and how. */
export const ZPayoutRequestInput = z.object({
  amountCents: z
    .number({ error: PAYOUT_MSG.amountInvalid })
    .int({ error: PAYOUT_MSG.amountInvalid })
    .min(PAYOUT_MIN_CENTS, { error: PAYOUT_MSG.amountInvalid })
    .max(100_000_000, { error: PAYOUT_MSG.amountTooHigh }),
  method: ZPayoutMethod,
});
export type TPayoutRequestInput = z.infer<typeof ZPayoutRequestInput>;

export const ZPayout = z.object({
  id: z.string(),
  cornerId: z.string(),
  method: ZPayoutMethod,
  state: z.enum(['requested', 'paid']),
  amountCents: z.number().int(),
  withholdingCents: z.number().int(),
  stampCents: z.number().int(),
  netCents: z.number().int(),
  /** A person's payout that took its occasional fees of the year past 5.000 € (Gestione Separata INPS): both sides are warned. */
  thresholdCrossed: z.boolean(),
  /** The receipt's or the invoice's number ("2026/0003"); null for a gift card. */
  number: z.string().nullable(),
  year: z.number().int(),
  giftcardName: z.string().nullable(),
  /** The delivered card's code, once paid. */
  giftcardCode: z.string().nullable(),
  transferDate: z.string().nullable(),
  reference: z.string().nullable(),
  paidAt: z.date().nullable(),
  createdAt: z.date(),
  /** `GET /api/payouts/:id/document`: the receipt PDF or the invoice XML; null for a gift card. */
  documentUrl: z.string().nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;

/** The corner's billing data for receipts and invoices. */
export const ZPayoutProfile = z.object({
  address: z.string({ error: PAYOUT_MSG.addressRequired }).trim().min(3, { error: PAYOUT_MSG.addressRequired }).max(120, { error: PAYOUT_MSG.addressRequired }),
  postalCode: z.string({ error: PAYOUT_MSG.postalCodeInvalid }).trim().regex(/^\d{5}$/, { error: PAYOUT_MSG.postalCodeInvalid }),
  city: z.string({ error: PAYOUT_MSG.cityRequired }).trim().min(2, { error: PAYOUT_MSG.cityRequired }).max(80, { error: PAYOUT_MSG.cityRequired }),
  province: z
    .string({ error: PAYOUT_MSG.provinceInvalid })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, { error: PAYOUT_MSG.provinceInvalid })),
  iban: z
    .string()
    .transform(normalizeIban)
    .superRefine((value, context) => {
      const error = ibanError(value);
      if (error) context.addIssue({ code: 'custom', message: error });
    }),
});
export type TPayoutProfile = z.infer<typeof ZPayoutProfile>;

/** `GET /api/payouts`: the corner's payouts, what it may ask, its occasional fees of the year and its billing data. */
export const ZPayoutsOverview = z.object({
  list: z.array(ZPayout),
  availableCents: z.number().int(),
  heldCents: z.number().int(),
  balanceCents: z.number().int(),
  /** The methods this corner may choose (persons: gift card, receipt; companies: invoice). */
  methods: z.array(ZPayoutMethod),
  /** Persons: the occasional fees paid or asked this calendar year (gift cards and receipts). */
  yearTotalCents: z.number().int(),
  year: z.number().int(),
  profile: ZPayoutProfile.nullable(),
  giftcardName: z.string().nullable(),
});
export type TPayoutsOverview = z.infer<typeof ZPayoutsOverview>;

/** What a request answers: the message, the payout reserved, the warning of the year's 5.000 € crossed (else null). */
export const ZPayoutRequested = z.object({ message: z.string(), payout: ZPayout, warning: z.string().nullable() });
export const ZPayoutProfileSaved = z.object({ message: z.string(), profile: ZPayoutProfile });

/** `POST /api/admin/payouts/:id/pay`: the gift card's code, or the transfer's date and reference. */
export const ZPayPayoutBody = z.union(
  [
    z.object({ giftcardCode: z.string({ error: PAYOUT_MSG.giftcardCodeRequired }).trim().min(4, { error: PAYOUT_MSG.giftcardCodeRequired }).max(64, { error: PAYOUT_MSG.giftcardCodeRequired }) }).strict(),
    z
      .object({
        transferDate: z.string({ error: PAYOUT_MSG.transferRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: PAYOUT_MSG.transferDateInvalid }),
        reference: z.string({ error: PAYOUT_MSG.transferRequired }).trim().min(3, { error: PAYOUT_MSG.referenceInvalid }).max(60, { error: PAYOUT_MSG.referenceInvalid }),
      })
      .strict(),
  ],
  { error: PAYOUT_MSG.transferRequired },
);
export type TPayPayoutBody = z.infer<typeof ZPayPayoutBody>;
export const ZPayPayoutInput = z.object({ id: z.guid({ error: PAYOUT_MSG.notFound }), payment: ZPayPayoutBody });
/** `GET /api/payouts/:id` (and its document): one payout by its id. */
export const ZPayoutIdInput = ZPayPayoutInput.pick({ id: true });

export const ZAdminPayoutsQuery = z.object({
  state: z.enum(['requested', 'paid']).optional(),
  cornerId: z.guid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAdminPayoutsQuery = z.infer<typeof ZAdminPayoutsQuery>;
export const ZAdminPayout = ZPayout.extend({ cornerName: z.string(), cornerType: z.string() });
export type TAdminPayout = z.infer<typeof ZAdminPayout>;
export const ZAdminPayouts = z.object({ list: z.array(ZAdminPayout), total: z.number().int(), totalRequestedCents: z.number().int() });
export type TAdminPayouts = z.infer<typeof ZAdminPayouts>;
export const ZPayoutPaid = z.object({ message: z.string(), payout: ZAdminPayout });

/** The platform's company data, printed as the payer on receipts and the buyer (cessionario) on invoices. */
export const ZPlatformCompany = ZInvoiceDocument.shape.buyer;
export type TPlatformCompany = z.infer<typeof ZPlatformCompany>;
/** `GET /api/admin/payouts/company`: the platform's data, null until an admin saves them. */
export const ZPlatformCompanyAnswer = z.object({ company: ZPlatformCompany.nullable() });
export const ZPlatformCompanySaved = z.object({ message: z.string(), company: ZPlatformCompany });
export const PLATFORM_COMPANY_MSG = {
  missing: 'I dati della piattaforma per ricevute e fatture non sono ancora completi: l’amministrazione li sta preparando. Riprova più tardi.',
  saved: 'Dati della piattaforma salvati.',
} as const;
