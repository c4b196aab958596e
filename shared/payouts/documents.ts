import { z } from 'zod';
import { MSG } from '../messages';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import { isIsoDate, zCents, zIsoDate } from '../practices/quotation';
import { isValidCompanyCf, isValidPersonalCf } from '../validation/codice-fiscale';
import { normalizeTaxCode, normalizeVat } from '../validation/normalize';
import { isValidPartitaIva } from '../validation/partita-iva';
import { ibanError, normalizeIban } from '../validation/utilities';
import { invoiceAmounts, receiptAmounts, yearThresholdWarning } from './tax';

/**
 * What the two payout documents carry: the receipt for occasional work a person issues (a PDF) and the invoice a
 * company issues (a FatturaPA XML). The payouts service fills them from the corner's profile, the platform's
 * company data and the ledger, parses them with these schemas, then renders them. Lengths and alphabets follow the
 * FatturaPA schema (v1.2.2), so a document that parses is one the Sistema di Interscambio accepts.
 */

export const PAYOUT_DOCUMENT_MSG = {
  numberInvalid: 'Numero del documento non valido: da 1 a 20 caratteri tra lettere, cifre, «/», «-», «_» e «.».',
  progressivoInvalid: 'Progressivo di invio non valido: da 1 a 5 lettere o cifre.',
  capInvalid: 'CAP non valido: sono 5 cifre.',
  provinciaInvalid: 'Sigla della provincia non valida (2 lettere, es. MI).',
  personCfInvalid: 'Codice fiscale non valido: quello di una persona ha 16 caratteri.',
  companyCfInvalid: MSG.cfCompanyInvalid,
  codiceDestinatarioInvalid: 'Codice destinatario non valido: sono 7 lettere maiuscole o cifre (0000000 se non è stato comunicato).',
  pecInvalid: 'Indirizzo PEC non valido.',
  pecWithCode: 'Indica la PEC solo quando il codice destinatario è 0000000.',
  regimeFiscaleInvalid: 'Regime fiscale non valido.',
  linesRequired: 'Indica almeno una riga.',
  linesTooMany: 'Troppe righe (al massimo 500).',
  amountsMismatch: 'Gli importi non corrispondono al calcolo delle ritenute: ricalcolali.',
  yearTotalTooLow: 'Il totale dell’anno deve comprendere questo pagamento.',
  thresholdMismatch: 'L’indicazione della soglia dei 5.000 € non corrisponde al totale dell’anno.',
  periodInvalid: 'Il periodo finisce prima di iniziare.',
} as const;

const upper = (value: string) => value.toUpperCase();

/** Document numbers are printable ASCII (FatturaPA `Numero`, String20Type): "2026/0003". */
const zDocumentNumber = () =>
  zText({ error: PAYOUT_DOCUMENT_MSG.numberInvalid })
    .trim()
    .regex(/^[A-Za-z0-9/._-]{1,20}$/, { error: PAYOUT_DOCUMENT_MSG.numberInvalid });

/** An Italian address as the documents print it (FatturaPA `Sede`, Nazione IT). */
export const ZDocumentAddress = z.object({
  /** Street and number: "Via Roma 10". */
  street: zRequiredText(60),
  cap: zText({ error: PAYOUT_DOCUMENT_MSG.capInvalid }).trim().regex(/^\d{5}$/, { error: PAYOUT_DOCUMENT_MSG.capInvalid }),
  comune: zRequiredText(60),
  provincia: zText({ error: PAYOUT_DOCUMENT_MSG.provinciaInvalid }).trim().transform(upper).pipe(z.string().regex(/^[A-Z]{2}$/, { error: PAYOUT_DOCUMENT_MSG.provinciaInvalid })),
});
export type TDocumentAddress = z.infer<typeof ZDocumentAddress>;

const zPartitaIva = () => zRequiredText(20).transform(normalizeVat).refine(isValidPartitaIva, { error: MSG.vatInvalid });
const zPersonCf = () => zRequiredText(20).transform(normalizeTaxCode).refine(isValidPersonalCf, { error: PAYOUT_DOCUMENT_MSG.personCfInvalid });
/** A company's codice fiscale: 11 digits, or a person's 16 characters for a sole proprietorship (ditta individuale). */
const zCompanyCf = () =>
  zRequiredText(20)
    .transform(normalizeTaxCode)
    .refine((value) => isValidCompanyCf(value) || isValidPersonalCf(value), { error: PAYOUT_DOCUMENT_MSG.companyCfInvalid });

/** A company as both documents name it: the platform always, the corner on an invoice. */
const companyShape = {
  denominazione: zRequiredText(80),
  partitaIva: zPartitaIva(),
  codiceFiscale: zCompanyCf(),
  address: ZDocumentAddress,
};

const ZReceiptAmounts = z.object({ grossCents: zCents(), withholdingCents: zCents(), stampCents: zCents(), netCents: zCents() });

const sameAmounts = (a: Record<string, number>, b: Record<string, number>) => Object.keys(b).every((key) => a[key] === b[key]);

/** Input of the receipt for occasional work (ricevuta per prestazione occasionale) of a person corner. */
export const ZReceiptDocument = z
  .object({
    /** "2026/0003": the year and the corner's progressive number of receipts. */
    number: zDocumentNumber(),
    issueDate: zIsoDate(),
    payee: z.object({ fullName: zRequiredText(120), codiceFiscale: zPersonCf(), address: ZDocumentAddress }),
    payer: z.object(companyShape),
    /** «Provvigioni per attività di segnalazione occasionale». */
    description: zRequiredText(300),
    /** The days the commissions were earned in, when the payout covers a period. */
    period: z.object({ from: zIsoDate(), to: zIsoDate() }).nullable().default(null),
    /** A summary of what is paid (one line per sector or per month), printed under the description. */
    entries: z
      .array(z.object({ description: zRequiredText(200), amountCents: z.number().int() }))
      .max(500, { error: PAYOUT_DOCUMENT_MSG.linesTooMany })
      .default([]),
    amounts: ZReceiptAmounts,
    /** The corner's occasional fees of the issue date's year, this payout included. */
    yearTotalCents: zCents(),
    /** Whether this payout takes the year past the 5.000 € threshold. */
    crossesYearThreshold: z.boolean(),
  })
  .refine((doc) => sameAmounts(doc.amounts, receiptAmounts(doc.amounts.grossCents)), { error: PAYOUT_DOCUMENT_MSG.amountsMismatch, path: ['amounts'] })
  .refine((doc) => doc.yearTotalCents >= doc.amounts.grossCents, { error: PAYOUT_DOCUMENT_MSG.yearTotalTooLow, path: ['yearTotalCents'] })
  .refine(
    (doc) => doc.yearTotalCents < doc.amounts.grossCents || yearThresholdWarning(doc.yearTotalCents - doc.amounts.grossCents, doc.amounts.grossCents).crosses === doc.crossesYearThreshold,
    { error: PAYOUT_DOCUMENT_MSG.thresholdMismatch, path: ['crossesYearThreshold'] },
  )
  .refine((doc) => !doc.period || !isIsoDate(doc.period.from) || !isIsoDate(doc.period.to) || doc.period.from <= doc.period.to, {
    error: PAYOUT_DOCUMENT_MSG.periodInvalid,
    path: ['period', 'to'],
  });
export type TReceiptDocument = z.infer<typeof ZReceiptDocument>;

/** The regimes of FatturaPA v1.2.2 (RF01 ordinario, RF19 forfettario, ...; RF03 no longer exists). */
export const REGIME_FISCALE_CODES = ['RF01', 'RF02', 'RF04', 'RF05', 'RF06', 'RF07', 'RF08', 'RF09', 'RF10', 'RF11', 'RF12', 'RF13', 'RF14', 'RF15', 'RF16', 'RF17', 'RF18', 'RF19'] as const;

const ZInvoiceAmounts = z.object({ grossCents: zCents(), withholdingBaseCents: zCents(), withholdingCents: zCents(), stampCents: zCents(), netCents: zCents() });

const PEC = /^[!#-'*+/-9=?A-Z^-~-]+(\.[!#-'*+/-9=?A-Z^-~-]+)*@[!#-'*+/-9=?A-Z^-~-]+(\.[!#-'*+/-9=?A-Z^-~-]+)+$/i;

/** Input of the invoice (FatturaPA FPR12) a company corner issues to the platform for its commissions. */
export const ZInvoiceDocument = z
  .object({
    number: zDocumentNumber(),
    issueDate: zIsoDate(),
    /** The SdI file's progressive (its name is IT<partita IVA>_<progressivo>.xml). */
    progressivoInvio: zText({ error: PAYOUT_DOCUMENT_MSG.progressivoInvalid })
      .trim()
      .regex(/^[A-Za-z0-9]{1,5}$/, { error: PAYOUT_DOCUMENT_MSG.progressivoInvalid }),
    /** The corner company, who issues the invoice (cedente/prestatore). */
    seller: z.object({
      ...companyShape,
      regimeFiscale: z.enum(REGIME_FISCALE_CODES, { error: PAYOUT_DOCUMENT_MSG.regimeFiscaleInvalid }).default('RF01'),
      iban: zRequiredText(40)
        .transform(normalizeIban)
        .superRefine((value, ctx) => {
          const error = ibanError(value);
          if (error) ctx.addIssue({ code: 'custom', message: error });
        }),
    }),
    /** The platform, who receives it (cessionario/committente). */
    buyer: z.object({
      ...companyShape,
      codiceDestinatario: zText({ error: PAYOUT_DOCUMENT_MSG.codiceDestinatarioInvalid })
        .trim()
        .transform(upper)
        .pipe(z.string().regex(/^[A-Z0-9]{7}$/, { error: PAYOUT_DOCUMENT_MSG.codiceDestinatarioInvalid }))
        .default('0000000'),
      pec: zOptionalText(256).refine((value) => value === '' || PEC.test(value), { error: PAYOUT_DOCUMENT_MSG.pecInvalid }),
    }),
    lines: z
      .array(z.object({ description: zRequiredText(1000), amountCents: zCents() }), { error: PAYOUT_DOCUMENT_MSG.linesRequired })
      .min(1, { error: PAYOUT_DOCUMENT_MSG.linesRequired })
      .max(500, { error: PAYOUT_DOCUMENT_MSG.linesTooMany }),
    /** The corner declared it uses employees or third parties: the withholding applies to 20% instead of 50%. */
    usesEmployees: z.boolean(),
    amounts: ZInvoiceAmounts,
  })
  .refine((doc) => !doc.buyer.pec || doc.buyer.codiceDestinatario === '0000000', { error: PAYOUT_DOCUMENT_MSG.pecWithCode, path: ['buyer', 'pec'] })
  .refine(
    (doc) => sameAmounts(doc.amounts, invoiceAmounts(doc.lines.reduce((sum, line) => sum + line.amountCents, 0), doc.usesEmployees)),
    { error: PAYOUT_DOCUMENT_MSG.amountsMismatch, path: ['amounts'] },
  );
export type TInvoiceDocument = z.infer<typeof ZInvoiceDocument>;
/** What a caller passes before parsing (defaults not yet applied). */
export type TInvoiceDocumentInput = z.input<typeof ZInvoiceDocument>;
export type TReceiptDocumentInput = z.input<typeof ZReceiptDocument>;
