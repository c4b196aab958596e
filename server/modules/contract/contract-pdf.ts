import { PDFDocument, PDFTextField, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { CONTRACT_TEMPLATE_FIELDS } from '../../../shared/schemas/contract';

/** The corner's data printed on (and filled into) its contract. */
export type TSignerData = {
  displayName: string;
  name: string;
  surname: string;
  business: string;
  cf: string;
  vat: string;
  email: string;
  phone: string;
};

/** What the evidence page of a signed contract states. */
export type TSignatureEvidence = {
  signer: TSignerData;
  signedAt: Date;
  otpRequestedAt: Date;
  ip: string;
  userAgent: string | null;
  documentSha256: string;
  channelLabel: string;
  maskedDestination: string;
  signatureId: string;
};

const PRODUCER = 'Piattaforma Intermediari';
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

// WinAnsi (the standard fonts' encoding) beyond Latin-1.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: accents stay, other characters lose their marks or become '?'. */
export const toWinAnsi = (text: string): string =>
  [...text.replace(/\t/g, ' ')]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) return char;
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return [...plain].every((c) => c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0x7e) && plain ? plain : '?';
    })
    .join('');

const ROME_DATE = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });
const ROME_DATE_TIME = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** 22/11/2026 (Europe/Rome). */
export const formatRomeDate = (date: Date) => ROME_DATE.format(date);
/** 22/11/2026, 16:05:09 CET (Europe/Rome). */
export const formatRomeDateTime = (date: Date) => ROME_DATE_TIME.format(date);

export type TFonts = { regular: PDFFont; bold: PDFFont };

/** Writes flowing text top to bottom, wrapping lines and adding A4 pages as needed. */
export const createWriter = (doc: PDFDocument, fonts: TFonts) => {
  let page: PDFPage | null = null;
  let y = 0;
  const width = A4[0] - MARGIN * 2;

  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    return page;
  };

  const wrap = (text: string, font: PDFFont, size: number, maxWidth: number): string[] => {
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        // A word longer than the line (a hash, a user agent) is cut.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > maxWidth) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  };

  const text = (value: string, options: { size?: number; bold?: boolean; indent?: number; gapAfter?: number; color?: number } = {}) => {
    const size = options.size ?? 10.5;
    const font = options.bold ? fonts.bold : fonts.regular;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.35;
    for (const line of wrap(value, font, size, width - indent)) {
      if (!page || y - lineHeight < MARGIN) newPage();
      y -= lineHeight;
      page!.drawText(line, { x: MARGIN + indent, y, size, font, color: rgb(options.color ?? 0, options.color ?? 0, options.color ?? 0) });
    }
    y -= options.gapAfter ?? 4;
  };

  /** A label and its value on one row (the value wraps under itself). */
  const field = (label: string, value: string, options: { size?: number } = {}) => {
    const size = options.size ?? 10.5;
    const labelWidth = 150;
    const lines = wrap(value || '—', fonts.regular, size, width - labelWidth);
    const lineHeight = size * 1.35;
    if (!page || y - lineHeight * lines.length < MARGIN) newPage();
    y -= lineHeight;
    page!.drawText(toWinAnsi(label), { x: MARGIN, y, size: Math.min(size, 10.5), font: fonts.bold });
    lines.forEach((line, index) => {
      if (index > 0) y -= lineHeight;
      page!.drawText(line, { x: MARGIN + labelWidth, y, size, font: fonts.regular });
    });
    y -= 3;
  };

  const space = (points: number) => {
    y -= points;
  };

  return { newPage, text, field, space };
};

export const embedFonts = async (doc: PDFDocument): Promise<TFonts> => ({
  regular: await doc.embedFont(StandardFonts.Helvetica),
  bold: await doc.embedFont(StandardFonts.HelveticaBold),
});

const signerBlock = (writer: ReturnType<typeof createWriter>, signer: TSignerData, date: Date) => {
  writer.text('Dati del sottoscrittore', { size: 14, bold: true, gapAfter: 8 });
  writer.field(signer.business && signer.displayName === signer.business ? 'Ragione sociale' : 'Nome e cognome', signer.displayName);
  if (signer.business && signer.displayName === signer.business && (signer.name || signer.surname)) {
    writer.field('Legale rappresentante', `${signer.name} ${signer.surname}`.trim());
  }
  writer.field('Codice fiscale', signer.cf);
  writer.field('Partita IVA', signer.vat);
  writer.field('E-mail', signer.email);
  writer.field('Telefono', signer.phone);
  writer.field('Data', formatRomeDate(date));
};

const DEFAULT_CLAUSES: [string, string][] = [
  [
    'Art. 1 - Oggetto',
    'La Piattaforma mette a disposizione del Corner i propri strumenti per richiedere preventivi e comparazioni, prenotare ed emettere polizze (RC Auto, altri rami, fideiussioni) e attivare forniture (luce e gas, GPL) per i clienti del Corner, con l’assistenza dei broker di settore.',
  ],
  [
    'Art. 2 - Obblighi del Corner',
    'Il Corner opera con diligenza professionale; raccoglie dai propri clienti dati e documenti veritieri e completi e il loro consenso al trattamento; per i settori assicurativi opera solo se iscritto al Registro Unico degli Intermediari (RUI) quando la legge lo richiede.',
  ],
  [
    'Art. 3 - Compensi',
    'Per ogni pratica emessa o attivata spettano al Corner le provvigioni indicate nelle impostazioni di settore della Piattaforma. Le persone fisiche le ricevono tramite gift card o ricevuta, le aziende tramite fattura commerciale.',
  ],
  [
    'Art. 4 - Riservatezza e dati personali',
    'Le parti trattano i dati personali dei clienti nel rispetto del Regolamento (UE) 2016/679 e del D.Lgs. 196/2003, ciascuna per quanto di propria competenza, e mantengono riservate le informazioni ricevute.',
  ],
  [
    'Art. 5 - Durata e recesso',
    'Il contratto ha durata indeterminata dalla firma. Ciascuna parte può recedere con comunicazione scritta e preavviso di 30 giorni; restano dovuti i compensi delle pratiche già emesse o attivate.',
  ],
  [
    'Art. 6 - Firma elettronica',
    'Il Corner sottoscrive il contratto con firma elettronica, inserendo il codice monouso (OTP) inviato al proprio recapito. L’attestazione della firma, con l’impronta del documento, è allegata in calce.',
  ],
  ['Art. 7 - Legge applicabile', 'Il contratto è regolato dalla legge italiana.'],
];

/** The platform's own contract, used while the admin has published no template. */
const drawDefaultContract = (doc: PDFDocument, fonts: TFonts, signer: TSignerData, date: Date) => {
  const writer = createWriter(doc, fonts);
  writer.newPage();
  writer.text('Contratto di collaborazione', { size: 20, bold: true, gapAfter: 6 });
  writer.text('tra la Piattaforma Intermediari e il Corner', { size: 11, color: 0.35, gapAfter: 18 });
  writer.text('Tra le parti', { size: 12, bold: true });
  writer.text('Piattaforma Intermediari (di seguito "la Piattaforma")', { indent: 12 });
  const ids = [`codice fiscale ${signer.cf || '—'}`, signer.vat ? `partita IVA ${signer.vat}` : '', `e-mail ${signer.email}`].filter(Boolean).join(', ');
  writer.text(`e ${signer.displayName}, ${ids} (di seguito "il Corner")`, { indent: 12, gapAfter: 8 });
  writer.text('si conviene quanto segue.', { gapAfter: 12 });
  for (const [title, body] of DEFAULT_CLAUSES) {
    writer.text(title, { bold: true, size: 11 });
    writer.text(body, { gapAfter: 10 });
  }
  writer.space(12);
  signerBlock(writer, signer, date);
};

const normalizeFieldName = (name: string) =>
  (name.split('.').pop() ?? name)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Values of the template's text fields, by (normalised) field name. */
const fieldValues = (signer: TSignerData, date: Date): Record<(typeof CONTRACT_TEMPLATE_FIELDS)[number], string> => ({
  nome: signer.name,
  cognome: signer.surname,
  ragione_sociale: signer.business,
  codice_fiscale: signer.cf,
  partita_iva: signer.vat,
  email: signer.email,
  telefono: signer.phone,
  data: formatRomeDate(date),
});

/** Fills the template's text fields that carry one of the documented names, then flattens the form. */
const fillTemplate = (doc: PDFDocument, fonts: TFonts, signer: TSignerData, date: Date): string[] => {
  const values = fieldValues(signer, date) as Record<string, string>;
  const form = doc.getForm();
  const filled: string[] = [];
  for (const field of form.getFields()) {
    if (!(field instanceof PDFTextField)) continue;
    const key = normalizeFieldName(field.getName());
    if (!(key in values)) continue;
    const maxLength = field.getMaxLength();
    const value = toWinAnsi(values[key] ?? '');
    field.setText(maxLength !== undefined ? value.slice(0, maxLength) : value);
    filled.push(field.getName());
  }
  if (form.getFields().length > 0) {
    form.updateFieldAppearances(fonts.regular);
    form.flatten();
  }
  return filled;
};

/**
 * The corner's contract to sign: the admin's template with its form fields filled and flattened, or the default
 * contract, and always a "Dati del sottoscrittore" block (a last page, on templates).
 */
export const buildContractPdf = async (input: { template: Uint8Array | null; signer: TSignerData; date: Date }) => {
  const doc = input.template ? await PDFDocument.load(input.template) : await PDFDocument.create();
  const fonts = await embedFonts(doc);
  let filledFields: string[] = [];
  if (input.template) {
    filledFields = fillTemplate(doc, fonts, input.signer, input.date);
    const writer = createWriter(doc, fonts);
    writer.newPage();
    signerBlock(writer, input.signer, input.date);
  } else {
    drawDefaultContract(doc, fonts, input.signer, input.date);
  }
  doc.setTitle(toWinAnsi(`Contratto di collaborazione - ${input.signer.displayName}`));
  doc.setSubject('Contratto di collaborazione da firmare con codice OTP');
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);
  return { bytes: await doc.save(), filledFields, pageCount: doc.getPageCount() };
};

/** The statement of the evidence page, also kept in the signed PDF's Subject. */
export const evidenceStatement = (evidence: TSignatureEvidence) =>
  `${evidence.signer.displayName} ha firmato il contratto con codice OTP (${evidence.channelLabel}) il ${formatRomeDateTime(evidence.signedAt)} ` +
  `(${evidence.signedAt.toISOString()}). SHA-256 del documento non firmato: ${evidence.documentSha256}.`;

/** What an evidence page states, whatever was signed (the corner's contract, a client's pre-contract documents). */
export type TEvidencePage = {
  /** The signer's rows ("Nome", "Codice fiscale", …). */
  signerRows: [string, string][];
  signedAt: Date;
  otpRequestedAt: Date;
  ip: string;
  userAgent: string | null;
  documentSha256: string;
  /** How the code travelled ("OTP via e-mail"), printed with the masked destination. */
  channel: string;
  maskedDestination: string;
  signatureId: string;
  /** The declaration's first sentence: who the signer is and what they declared. */
  declaration: string;
};

/**
 * The unsigned document plus an evidence page: who signed, when, from where, which document, through which channel;
 * the PDF's title, subject and keywords from `meta`.
 */
export const appendEvidencePage = async (
  unsigned: Uint8Array,
  evidence: TEvidencePage,
  meta: { title: string; subject: string; keywords: string[] },
): Promise<{ bytes: Uint8Array; pageCount: number }> => {
  const doc = await PDFDocument.load(unsigned);
  const writer = createWriter(doc, await embedFonts(doc));
  writer.newPage();
  writer.text('Attestazione di firma elettronica', { size: 18, bold: true, gapAfter: 4 });
  writer.text('Firma con codice monouso (OTP)', { size: 11, color: 0.35, gapAfter: 16 });
  writer.text('Firmatario', { size: 12, bold: true, gapAfter: 4 });
  for (const [label, value] of evidence.signerRows) writer.field(label, value);
  writer.space(10);
  writer.text('Firma', { size: 12, bold: true, gapAfter: 4 });
  writer.field('Data e ora (Roma)', formatRomeDateTime(evidence.signedAt));
  writer.field('Data e ora (UTC)', evidence.signedAt.toISOString());
  writer.field('Canale', `${evidence.channel} (${evidence.maskedDestination})`);
  writer.field('Codice richiesto il', `${formatRomeDateTime(evidence.otpRequestedAt)} (${evidence.otpRequestedAt.toISOString()})`);
  writer.field('Indirizzo IP', evidence.ip);
  writer.field('User agent', evidence.userAgent ?? 'non indicato');
  writer.field('Identificativo firma', evidence.signatureId);
  writer.space(10);
  writer.text('Documento firmato', { size: 12, bold: true, gapAfter: 4 });
  writer.field('SHA-256 (non firmato)', evidence.documentSha256, { size: 8.5 });
  writer.field('Pagine firmate', `1-${doc.getPageCount() - 1}`);
  writer.space(14);
  writer.text(
    `${evidence.declaration} ` +
      'Il codice era valido 10 minuti, utilizzabile una sola volta e verificato dalla piattaforma, che ne conserva soltanto un’impronta crittografica. ' +
      'L’impronta SHA-256 riportata sopra identifica in modo univoco il documento non firmato: qualsiasi modifica successiva ne cambierebbe il valore. ' +
      'La piattaforma conserva l’impronta SHA-256 di questo documento firmato e la registrazione dell’operazione.',
    { size: 9.5 },
  );
  doc.setTitle(toWinAnsi(meta.title));
  doc.setSubject(toWinAnsi(meta.subject));
  doc.setKeywords(meta.keywords);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(evidence.signedAt);
  doc.setModificationDate(evidence.signedAt);
  return { bytes: await doc.save(), pageCount: doc.getPageCount() };
};

/** The unsigned contract plus an evidence page: who signed, when, from where, which document, through which channel. */
export const buildSignedPdf = (unsigned: Uint8Array, evidence: TSignatureEvidence): Promise<{ bytes: Uint8Array; pageCount: number }> => {
  const { signer } = evidence;
  return appendEvidencePage(
    unsigned,
    {
      ...evidence,
      signerRows: [['Nome', signer.displayName], ['Codice fiscale', signer.cf], ...(signer.vat ? ([['Partita IVA', signer.vat]] as [string, string][]) : []), ['E-mail', signer.email]],
      channel: evidence.channelLabel,
      declaration: `Dichiarazione. Il firmatario, identificato dall’accesso al proprio account e dal possesso del recapito indicato, ha dichiarato di aver letto e di accettare il contratto che precede e lo ha sottoscritto inserendo il codice monouso di 6 cifre ricevuto tramite ${evidence.channelLabel}.`,
    },
    {
      title: `Contratto di collaborazione firmato - ${signer.displayName}`,
      subject: evidenceStatement(evidence),
      keywords: ['contratto', 'firma OTP', evidence.channelLabel, evidence.documentSha256],
    },
  );
};
