import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TDocumentAddress, TReceiptDocument } from '../../../../shared/payouts/documents';
import { OCCASIONAL_YEAR_THRESHOLD_CENTS, PAYOUT_TAX_MSG, RECEIPT_WITHHOLDING_PERCENT } from '../../../../shared/payouts/tax';
import { formatEuroCents } from '../../../../shared/practices/quotation';
import { embedFonts, toWinAnsi, type TFonts } from '../../contract/contract-pdf';

/**
 * The receipt for occasional work (ricevuta per prestazione occasionale) a person corner issues to the platform for
 * a payout, drawn like the other PDFs of the platform (pdf-lib, standard fonts, A4): who is paid and by whom, what
 * for, the gross amount, the 20% withholding, the stamp charged to the corner, the net paid, the year's occasional
 * fees against the 5.000 € threshold, and the notes the law asks for. The same document always renders the same
 * bytes (dates come from the document), so its hash can be stored.
 */

const PRODUCER = 'Piattaforma Intermediari';
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - MARGIN * 2;
const GREY = rgb(0.35, 0.35, 0.35);

export const RECEIPT_LABELS = {
  title: 'Ricevuta per prestazione occasionale',
  numberAndDate: (number: string, date: string) => `N. ${number} del ${date}`,
  payee: 'Prestatore',
  payer: 'Committente',
  cf: 'Codice fiscale',
  vat: 'Partita IVA',
  received: (payee: string, payer: string) => `Il/La sottoscritto/a ${payee} dichiara di ricevere da ${payer} la somma indicata di seguito a titolo di:`,
  period: (from: string, to: string) => `Periodo: dal ${from} al ${to}.`,
  detail: 'Dettaglio',
  gross: 'Compenso lordo',
  withholding: `Ritenuta d'acconto ${RECEIPT_WITHHOLDING_PERCENT}%`,
  stamp: 'Marca da bollo (a carico del prestatore)',
  net: 'Netto a pagare',
  yearThreshold: 'Soglia annua delle prestazioni occasionali',
  notes: 'Note',
  declaration:
    'Il prestatore dichiara che la prestazione è stata resa in modo occasionale, senza vincolo di subordinazione né di coordinamento, e di non essere titolare di partita IVA per attività analoghe.',
  signature: 'Firma del prestatore',
} as const;

/** 2026-11-27 → 27/11/2026. */
const italianDate = (isoDate: string) => isoDate.split('-').reverse().join('/');
const addressLines = (address: TDocumentAddress) => [address.street, `${address.cap} ${address.comune} (${address.provincia})`];

/** Lines of `text` no wider than `maxWidth`; a word longer than a line is cut. */
const wrap = (text: string, font: PDFFont, size: number, maxWidth: number): string[] => {
  const lines: string[] = [];
  for (const paragraph of toWinAnsi(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) {
        line = candidate;
        continue;
      }
      lines.push(line);
      line = word;
    }
    lines.push(line);
  }
  return lines.flatMap((line) => {
    const parts: string[] = [];
    let rest = line;
    while (rest.length > 1 && font.widthOfTextAtSize(rest, size) > maxWidth) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut -= 1;
      parts.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    return [...parts, rest];
  });
};

/** A top-to-bottom layout over A4 pages: wrapped text, label/amount rows, a two-column block, rules. */
const createLayout = (doc: PDFDocument, fonts: TFonts) => {
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };

  const text = (value: string, options: { size?: number; bold?: boolean; grey?: boolean; gapAfter?: number; x?: number; width?: number } = {}) => {
    const size = options.size ?? 10;
    const font = options.bold ? fonts.bold : fonts.regular;
    const lineHeight = size * 1.35;
    for (const line of wrap(value, font, size, options.width ?? WIDTH)) {
      ensure(lineHeight);
      y -= lineHeight;
      page.drawText(line, { x: options.x ?? MARGIN, y, size, font, color: options.grey ? GREY : rgb(0, 0, 0) });
    }
    y -= options.gapAfter ?? 3;
  };

  /** A label on the left, an amount aligned right. */
  const amountRow = (label: string, amount: string, options: { bold?: boolean; size?: number } = {}) => {
    const size = options.size ?? 10.5;
    const font = options.bold ? fonts.bold : fonts.regular;
    const value = toWinAnsi(amount);
    const valueWidth = font.widthOfTextAtSize(value, size);
    const labelLines = wrap(label, font, size, WIDTH - valueWidth - 24);
    const lineHeight = size * 1.45;
    ensure(lineHeight * labelLines.length);
    y -= lineHeight;
    page.drawText(value, { x: MARGIN + WIDTH - valueWidth, y, size, font });
    labelLines.forEach((line, index) => {
      if (index > 0) y -= lineHeight;
      page.drawText(line, { x: MARGIN, y, size, font });
    });
  };

  /** A thin rule across the page, clear of the descenders of the row above. */
  const rule = (gap = 7) => {
    ensure(gap * 2 + 3);
    y -= gap + 3;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.6, color: GREY });
    y -= gap;
  };

  /** Two blocks side by side (payee and payer), each a title and its lines. */
  const columns = (blocks: [string, string[]][]) => {
    const columnWidth = (WIDTH - 24) / blocks.length;
    const top = y;
    let bottom = y;
    blocks.forEach(([title, lines], index) => {
      y = top;
      const x = MARGIN + index * (columnWidth + 24);
      text(title, { bold: true, size: 11, x, width: columnWidth, gapAfter: 2 });
      for (const line of lines) text(line, { x, width: columnWidth, gapAfter: 1 });
      bottom = Math.min(bottom, y);
    });
    y = bottom;
  };

  const space = (points: number) => {
    y -= points;
  };

  return { text, amountRow, rule, columns, space, ensure };
};

/** The receipt's PDF. Parse the input with `ZReceiptDocument` first: it checks the amounts against the tax rules. */
export const renderReceiptPdf = async (receipt: TReceiptDocument): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const layout = createLayout(doc, await embedFonts(doc));
  const { payee, payer, amounts } = receipt;

  layout.text(RECEIPT_LABELS.title, { size: 18, bold: true, gapAfter: 2 });
  layout.text(RECEIPT_LABELS.numberAndDate(receipt.number, italianDate(receipt.issueDate)), { size: 11, grey: true, gapAfter: 16 });
  layout.columns([
    [RECEIPT_LABELS.payee, [payee.fullName, `${RECEIPT_LABELS.cf} ${payee.codiceFiscale}`, ...addressLines(payee.address)]],
    [RECEIPT_LABELS.payer, [payer.denominazione, `${RECEIPT_LABELS.vat} ${payer.partitaIva}`, `${RECEIPT_LABELS.cf} ${payer.codiceFiscale}`, ...addressLines(payer.address)]],
  ]);
  layout.space(16);
  layout.text(RECEIPT_LABELS.received(payee.fullName, payer.denominazione), { gapAfter: 4 });
  layout.text(receipt.description, { bold: true, gapAfter: 4 });
  if (receipt.period) layout.text(RECEIPT_LABELS.period(italianDate(receipt.period.from), italianDate(receipt.period.to)));

  if (receipt.entries.length > 0) {
    layout.space(8);
    layout.text(RECEIPT_LABELS.detail, { bold: true, size: 10.5, gapAfter: 0 });
    for (const entry of receipt.entries) layout.amountRow(entry.description, formatEuroCents(entry.amountCents), { size: 9.5 });
  }

  layout.space(6);
  layout.rule();
  layout.amountRow(RECEIPT_LABELS.gross, formatEuroCents(amounts.grossCents));
  layout.amountRow(RECEIPT_LABELS.withholding, `- ${formatEuroCents(amounts.withholdingCents)}`);
  if (amounts.stampCents > 0) layout.amountRow(RECEIPT_LABELS.stamp, `- ${formatEuroCents(amounts.stampCents)}`);
  layout.rule();
  layout.amountRow(RECEIPT_LABELS.net, formatEuroCents(amounts.netCents), { bold: true, size: 12 });
  layout.space(18);

  const year = Number(receipt.issueDate.slice(0, 4));
  layout.text(RECEIPT_LABELS.yearThreshold, { bold: true, size: 10.5, gapAfter: 2 });
  layout.text(PAYOUT_TAX_MSG.yearTotal(year, receipt.yearTotalCents));
  if (receipt.crossesYearThreshold) layout.text(PAYOUT_TAX_MSG.yearThresholdCrossed(year), { bold: true });
  else if (receipt.yearTotalCents > OCCASIONAL_YEAR_THRESHOLD_CENTS) layout.text(PAYOUT_TAX_MSG.yearThresholdExceeded(year), { bold: true });
  layout.space(10);

  layout.text(RECEIPT_LABELS.notes, { bold: true, size: 10.5, gapAfter: 2 });
  const notes = [PAYOUT_TAX_MSG.receiptVatNote, PAYOUT_TAX_MSG.receiptWithholdingNote, ...(amounts.stampCents > 0 ? [PAYOUT_TAX_MSG.receiptStampCharged] : []), RECEIPT_LABELS.declaration];
  for (const note of notes) layout.text(note, { size: 9, gapAfter: 4 });

  layout.space(36);
  layout.ensure(40);
  layout.text(`${RECEIPT_LABELS.signature} ______________________________`, { x: MARGIN + WIDTH / 2 - 20 });

  const date = new Date(`${receipt.issueDate}T00:00:00Z`);
  doc.setTitle(toWinAnsi(`${RECEIPT_LABELS.title} ${receipt.number} - ${payee.fullName}`));
  doc.setSubject(toWinAnsi(`${RECEIPT_LABELS.gross} ${formatEuroCents(amounts.grossCents)}, ${RECEIPT_LABELS.net.toLowerCase()} ${formatEuroCents(amounts.netCents)}`));
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  return Buffer.from(await doc.save());
};
