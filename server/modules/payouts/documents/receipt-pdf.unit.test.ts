import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ZReceiptDocument } from '../../../../shared/payouts/documents';
import { pdfText } from '../../contract/contract.fixtures';
import { receiptFor } from './payout-documents.fixtures';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * The receipt's drawn text on one line (a wrapped sentence reads whole again), with WinAnsi's euro sign and
 * apostrophe decoded and the no-break spaces of the money format made plain.
 */
const textOf = async (pdf: Uint8Array) =>
  (await pdfText(pdf)).replace(/\n/g, ' ').replace(/\x80/g, '€').replace(/\x92/g, '’').replace(/\xa0/g, ' ');

describe('receipt for occasional work (PDF)', () => {
  it('renders a PDF with the parties, the amounts, the stamp charged to the corner and the notes', async () => {
    const pdf = await renderReceiptPdf(receiptFor(123_456, 100_000));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const expected of [
      'Ricevuta per prestazione occasionale',
      'N. 2026/0003 del 27/11/2026',
      'Mario Rossi',
      'Codice fiscale RSSMRA85T10A562S',
      'Piattaforma Intermediari S.p.A.',
      'Partita IVA 12345670157',
      'Provvigioni per attività di segnalazione occasionale',
      'Periodo: dal 01/10/2026 al 31/10/2026.',
      'Compenso lordo',
      '1.234,56 €',
      "Ritenuta d'acconto 20%",
      '- 246,91 €',
      'Marca da bollo (a carico del prestatore)',
      '- 2,00 €',
      'Netto a pagare',
      '985,65 €',
      'Compensi occasionali 2026, compreso questo pagamento: 2.234,56 € (soglia annua 5.000,00 €).',
      'art. 5 DPR 633/1972',
      'trattenuta dal compenso.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Gestione Separata');
  });

  it('has no stamp line at 77,47 €', async () => {
    const text = await textOf(await renderReceiptPdf(receiptFor(7747)));
    expect(text).toContain('77,47 €');
    expect(text).toContain('- 15,49 €');
    expect(text).toContain('61,98 €');
    expect(text).not.toContain('Marca da bollo');
  });

  it('warns when the payout crosses the 5.000 € threshold, and when the year was already past it', async () => {
    const crossing = await textOf(await renderReceiptPdf(receiptFor(100_001, 400_000)));
    expect(crossing).toContain('superi i 5.000 € di compensi occasionali nel 2026');
    expect(crossing).toContain('Gestione Separata INPS.');

    const after = await textOf(await renderReceiptPdf(receiptFor(10_000, 600_000)));
    expect(after).toContain('hai già superato i 5.000 € di compensi occasionali');
    expect(after).not.toContain('Con questo pagamento superi');
  });

  it('sets the metadata and renders the same bytes for the same receipt', async () => {
    const receipt = receiptFor(50_000);
    const [first, second] = await Promise.all([renderReceiptPdf(receipt), renderReceiptPdf(receipt)]);
    expect(first.equals(second)).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Ricevuta per prestazione occasionale 2026/0003 - Mario Rossi');
    expect(doc.getProducer()).toBe('Piattaforma Intermediari');
    expect(doc.getPageCount()).toBe(1);
  });

  it('flows onto more pages when the detail is long', async () => {
    const entries = Array.from({ length: 80 }, (_, index) => ({ description: `Provvigione pratica n. ${index + 1}`, amountCents: 1000 }));
    const pdf = await renderReceiptPdf(receiptFor(80_000, 0, { entries }));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
    expect(await textOf(pdf)).toContain('Provvigione pratica n. 80');
  });
});

describe('receipt input', () => {
  it('refuses amounts, a year total or a threshold flag that do not match the tax rules', () => {
    const receipt = receiptFor(123_456, 100_000);
    const pathsOf = (value: unknown) => ZReceiptDocument.safeParse(value).error?.issues.map((issue) => issue.path.join('.'));
    expect(pathsOf({ ...receipt, amounts: { ...receipt.amounts, stampCents: 0, netCents: receipt.amounts.netCents + 200 } })).toEqual(['amounts']);
    expect(pathsOf({ ...receipt, yearTotalCents: 1000 })).toEqual(['yearTotalCents']);
    expect(pathsOf({ ...receipt, crossesYearThreshold: true })).toEqual(['crossesYearThreshold']);
    expect(pathsOf({ ...receipt, payee: { ...receipt.payee, codiceFiscale: 'RSSMRA85T10A562X' } })).toEqual(['payee.codiceFiscale']);
    expect(pathsOf({ ...receipt, period: { from: '2026-10-31', to: '2026-10-01' } })).toEqual(['period.to']);
    expect(pathsOf({ ...receipt, issueDate: '27/11/2026' })).toEqual(['issueDate']);
  });
});
