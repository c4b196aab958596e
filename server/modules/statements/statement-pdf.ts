import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { STATEMENT_MSG } from '../../../shared/schemas/statements';
import { embedFonts, formatRomeDate, toWinAnsi, type TFonts } from '../contract/contract-pdf';

/** One movement of the month: the entry's own description and signed amount, with its practice when it has one. */
export type TStatementLine = { date: Date; description: string; practice: string | null; amountCents: number };

/** What a statement states; the builder only draws it (the service computes the balances). */
export type TStatement = {
  cornerName: string;
  month: string;
  label: string;
  /** First and last day of the month (Italy). */
  from: Date;
  to: Date;
  openingCents: number;
  lines: readonly TStatementLine[];
  closingCents: number;
  generatedAt: Date;
};

const PRODUCER = 'Piattaforma Intermediari';
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const DATE_WIDTH = 70;
const AMOUNT_WIDTH = 95;
const GREY = rgb(0.35, 0.35, 0.35);
const RED = rgb(0.7, 0.1, 0.1);

const wrap = (text: string, font: PDFFont, size: number, maxWidth: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of toWinAnsi(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  return [...lines, line];
};

/** Draws top to bottom, a new A4 page (with the column heads again) when the next block does not fit. */
const createPage = (doc: PDFDocument, fonts: TFonts, heading: string) => {
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const right = A4[0] - MARGIN;
  const descriptionWidth = right - MARGIN - DATE_WIDTH - AMOUNT_WIDTH - 12;

  const text = (value: string, x: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; alignRight?: boolean } = {}) => {
    const size = options.size ?? 9.5;
    const font = options.bold ? fonts.bold : fonts.regular;
    const safe = toWinAnsi(value);
    const at = options.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: options.color ?? rgb(0, 0, 0) });
  };
  const rule = () => page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: right, y: y - 4 }, thickness: 0.5, color: GREY });
  const columnHeads = () => {
    y -= 14;
    text('Data', MARGIN, { bold: true });
    text('Descrizione', MARGIN + DATE_WIDTH, { bold: true });
    text('Importo', right, { bold: true, alignRight: true });
    rule();
    y -= 8;
  };
  const ensure = (height: number, withHeads: boolean) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    text(heading, MARGIN, { size: 8.5, color: GREY });
    y -= 6;
    if (withHeads) columnHeads();
  };

  return {
    /** A heading (bold) or, with a colour, a note in regular weight; wrapped to the page's width. */
    title: (value: string, size: number, color?: ReturnType<typeof rgb>) => {
      const bold = color === undefined;
      for (const line of wrap(value, bold ? fonts.bold : fonts.regular, size, right - MARGIN)) {
        y -= size * 1.3;
        text(line, MARGIN, { size, bold, color });
      }
      y -= 4;
    },
    /** A label with its amount on the right (balances and totals). */
    total: (label: string, cents: number, bold = false) => {
      ensure(18, false);
      y -= 15;
      text(label, MARGIN, { bold, size: 10.5 });
      text(formatEuroCents(cents), right, { bold, size: 10.5, alignRight: true, color: cents < 0 ? RED : undefined });
    },
    columnHeads,
    line: (line: TStatementLine) => {
      const description = wrap(line.description, fonts.regular, 9.5, descriptionWidth);
      const practice = line.practice ? wrap(line.practice, fonts.regular, 8.5, descriptionWidth) : [];
      ensure(description.length * 12.5 + practice.length * 11 + 8, true);
      y -= 12.5;
      text(formatRomeDate(line.date), MARGIN);
      text(formatEuroCents(line.amountCents), right, { alignRight: true, color: line.amountCents < 0 ? RED : undefined });
      description.forEach((part, index) => {
        if (index > 0) y -= 12.5;
        text(part, MARGIN + DATE_WIDTH);
      });
      for (const part of practice) {
        y -= 11;
        text(part, MARGIN + DATE_WIDTH, { size: 8.5, color: GREY });
      }
      y -= 6;
    },
    space: (points: number) => {
      y -= points;
    },
    rule,
  };
};

/** The statement's PDF (pdf-lib, standard fonts, A4, as the contract's): balances, every movement, and the totals. */
export const buildStatementPdf = async (statement: TStatement): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const title = STATEMENT_MSG.title(statement.label);
  const page = createPage(doc, fonts, `${title} - ${statement.cornerName}`);
  page.title(title, 16);
  page.title(`${statement.cornerName} · dal ${formatRomeDate(statement.from)} al ${formatRomeDate(statement.to)}`, 10.5, GREY);
  page.space(6);
  page.total(`Saldo iniziale al ${formatRomeDate(statement.from)}`, statement.openingCents, true);
  page.space(10);
  page.columnHeads();
  if (statement.lines.length === 0) page.title('Nessun movimento nel mese.', 9.5, GREY);
  for (const line of statement.lines) page.line(line);
  page.rule();
  page.space(6);
  const credits = statement.lines.filter((line) => line.amountCents > 0).reduce((sum, line) => sum + line.amountCents, 0);
  const debits = statement.lines.filter((line) => line.amountCents < 0).reduce((sum, line) => sum + line.amountCents, 0);
  page.total('Accrediti del mese', credits);
  page.total('Addebiti del mese (storni, pagamenti)', debits);
  page.total(`Saldo finale al ${formatRomeDate(statement.to)}`, statement.closingCents, true);
  page.space(18);
  page.title(`Documento generato il ${formatRomeDate(statement.generatedAt)}. Gli importi sono in euro; i saldi sono la somma dei movimenti registrati.`, 8.5, GREY);
  doc.setTitle(toWinAnsi(`${title} - ${statement.cornerName}`));
  doc.setSubject(toWinAnsi(title));
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(statement.generatedAt);
  doc.setModificationDate(statement.generatedAt);
  return doc.save();
};
