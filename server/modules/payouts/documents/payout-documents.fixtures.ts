import { ZInvoiceDocument, ZReceiptDocument, type TInvoiceDocumentInput, type TReceiptDocumentInput } from '../../../../shared/payouts/documents';
import { invoiceAmounts, receiptAmounts, yearThresholdWarning } from '../../../../shared/payouts/tax';

/** Test-only: the platform as the payer of a receipt and the buyer of an invoice (a valid partita IVA). */
export const platformCompany = {
  denominazione: 'Piattaforma Intermediari S.p.A.',
  partitaIva: '12345670157',
  codiceFiscale: '12345670157',
  address: { street: 'Corso Buenos Aires 12', cap: '20124', comune: 'Milano', provincia: 'MI' },
};

/** Test-only: a person corner's receipt for `grossCents`, the year's fees before it being `yearBeforeCents`. */
export const receiptFor = (grossCents: number, yearBeforeCents = 0, overrides: Partial<TReceiptDocumentInput> = {}) =>
  ZReceiptDocument.parse({
    number: '2026/0003',
    issueDate: '2026-11-27',
    payee: {
      fullName: 'Mario Rossi',
      codiceFiscale: 'RSSMRA85T10A562S',
      address: { street: 'Via Garibaldi 7', cap: '52100', comune: 'Arezzo', provincia: 'AR' },
    },
    payer: platformCompany,
    description: 'Provvigioni per attività di segnalazione occasionale',
    period: { from: '2026-10-01', to: '2026-10-31' },
    entries: [{ description: 'Provvigioni RC Auto - ottobre 2026', amountCents: grossCents }],
    amounts: receiptAmounts(grossCents),
    yearTotalCents: yearBeforeCents + grossCents,
    crossesYearThreshold: yearThresholdWarning(yearBeforeCents, grossCents).crosses,
    ...overrides,
  } satisfies TReceiptDocumentInput);

/** Test-only: a company corner's invoice to the platform for the given lines. */
export const invoiceFor = (lines: { description: string; amountCents: number }[], usesEmployees = false, overrides: Partial<TInvoiceDocumentInput> = {}) =>
  ZInvoiceDocument.parse({
    number: '12/2026',
    issueDate: '2026-11-27',
    progressivoInvio: '00012',
    seller: {
      denominazione: 'Agenzia Bianchi & Figli S.r.l.',
      partitaIva: '07458210155',
      codiceFiscale: '07458210155',
      address: { street: 'Via dell’Indipendenza 44', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      iban: 'IT60 X054 2811 1010 0000 0123 456',
    },
    buyer: { ...platformCompany, codiceDestinatario: 'M5UXCR1', pec: '' },
    lines,
    usesEmployees,
    amounts: invoiceAmounts(
      lines.reduce((sum, line) => sum + line.amountCents, 0),
      usesEmployees,
    ),
    ...overrides,
  } satisfies TInvoiceDocumentInput);
