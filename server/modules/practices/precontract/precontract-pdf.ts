import { PDFDocument } from 'pdf-lib';
import { questionnaireRows, type TQuestion } from '../../../../shared/practices/questionnaire';
import {
  fillPlaceholders,
  type TPrecontractPlaceholder,
  type TPrecontractQuestionnaire,
  type TPrecontractTemplateContent,
} from '../../../../shared/schemas/precontract';
import { appendEvidencePage, createWriter, embedFonts, formatRomeDate, formatRomeDateTime, toWinAnsi } from '../../contract/contract-pdf';

/**
 * The pre-contract pack's PDF (issue 15), drawn with the contract's writer (pdf-lib, standard fonts, A4): the single
 * pre-contract form from the admin's template with its placeholders filled, the demands-and-needs questionnaire
 * (Reg. IVASS 40/2018 art. 58), the quotation proposed and the company's documents attached; then, once signed by
 * code, the same evidence page as the corner's contract.
 */

const PRODUCER = 'Piattaforma Intermediari';

export type TPackInput = {
  template: TPrecontractTemplateContent;
  values: Partial<Record<TPrecontractPlaceholder, string>>;
  questionnaire: TPrecontractQuestionnaire;
  /** The sector's questions, printed with the answers given. */
  questions: readonly TQuestion[];
  client: { name: string; taxCode: string; email: string; address: string };
  quotationRows: [string, string][];
  attachments: string[];
  date: Date;
};

export const buildPrecontractPdf = async (input: TPackInput): Promise<{ bytes: Uint8Array; pageCount: number }> => {
  const doc = await PDFDocument.create();
  const writer = createWriter(doc, await embedFonts(doc));
  writer.newPage();
  writer.text(input.template.title, { size: 17, bold: true, gapAfter: 4 });
  writer.text(`Preparato il ${formatRomeDate(input.date)} per ${input.client.name}`, { size: 10.5, color: 0.35, gapAfter: 14 });
  writer.text('Parte A - Informativa precontrattuale dell’intermediario', { size: 13, bold: true, gapAfter: 8 });
  for (const section of input.template.sections) {
    writer.text(fillPlaceholders(section.title, input.values), { bold: true, size: 11 });
    writer.text(fillPlaceholders(section.body, input.values), { gapAfter: 10 });
  }

  writer.space(8);
  writer.text('Parte B - Questionario sulle esigenze e richieste del contraente', { size: 13, bold: true, gapAfter: 2 });
  writer.text('Art. 58 del Regolamento IVASS n. 40/2018 e art. 119-bis, comma 7, del Codice delle assicurazioni private', { size: 9.5, color: 0.35, gapAfter: 8 });
  if (input.questionnaire.declined) {
    writer.text(
      'Il contraente ha dichiarato di non voler fornire le informazioni richieste. È consapevole che ciò pregiudica la valutazione della coerenza del contratto con le sue esigenze.',
      { gapAfter: 8 },
    );
  } else {
    for (const [question, reply] of questionnaireRows(input.questions, input.questionnaire)) writer.field(question, reply);
  }

  writer.space(10);
  writer.text('Parte C - Contratto proposto', { size: 13, bold: true, gapAfter: 6 });
  for (const [label, value] of input.quotationRows) writer.field(label, value);
  writer.space(6);
  writer.text('Documenti dell’impresa allegati (DIP)', { bold: true, size: 11 });
  if (input.attachments.length === 0) writer.text('Nessun documento allegato alla quotazione.', { indent: 12 });
  for (const name of input.attachments) writer.text(`- ${name}`, { indent: 12 });

  writer.space(12);
  writer.text('Dati del contraente', { size: 12, bold: true, gapAfter: 6 });
  writer.field('Nome', input.client.name);
  writer.field('Codice fiscale / P. IVA', input.client.taxCode);
  writer.field('E-mail', input.client.email);
  writer.field('Indirizzo', input.client.address);
  writer.space(10);
  writer.text(
    'Il contraente dichiara di aver ricevuto e letto, prima della sottoscrizione della proposta o del contratto, l’informativa precontrattuale che precede e i documenti dell’impresa allegati, e che le risposte al questionario corrispondono alle proprie esigenze e richieste.',
    { size: 9.5 },
  );
  doc.setTitle(toWinAnsi(`${input.template.title} - ${input.client.name}`));
  doc.setSubject('Documenti precontrattuali da firmare con codice OTP');
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);
  return { bytes: await doc.save(), pageCount: doc.getPageCount() };
};

export type TPrecontractEvidence = {
  signer: { name: string; taxCode: string; email: string };
  signedAt: Date;
  otpRequestedAt: Date;
  ip: string;
  userAgent: string | null;
  documentSha256: string;
  maskedDestination: string;
  signatureId: string;
};

/** The evidence page, as the corner's contract's: who signed, when, from where, which document, through which channel. */
export const buildSignedPrecontractPdf = (unsigned: Uint8Array, evidence: TPrecontractEvidence): Promise<{ bytes: Uint8Array; pageCount: number }> =>
  appendEvidencePage(
    unsigned,
    {
      ...evidence,
      signerRows: [
        ['Nome', evidence.signer.name],
        ['Codice fiscale', evidence.signer.taxCode],
        ['E-mail', evidence.signer.email],
      ],
      channel: 'OTP via e-mail',
      declaration:
        'Dichiarazione. Il firmatario, identificato dal possesso del link personale ricevuto all’indirizzo e-mail indicato e del codice monouso di 6 cifre inviato allo stesso indirizzo, ha dichiarato di aver ricevuto e letto i documenti che precedono e li ha sottoscritti inserendo il codice.',
    },
    {
      title: `Documenti precontrattuali firmati - ${evidence.signer.name}`,
      subject: `${evidence.signer.name} ha firmato i documenti precontrattuali con codice OTP via e-mail il ${formatRomeDateTime(evidence.signedAt)} (${evidence.signedAt.toISOString()}). SHA-256 del documento non firmato: ${evidence.documentSha256}.`,
      keywords: ['precontrattuale', 'firma OTP', 'OTP via e-mail', evidence.documentSha256],
    },
  );
