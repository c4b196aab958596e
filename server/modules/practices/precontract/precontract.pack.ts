import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { isQuotationStillValid } from '../../../../shared/practices/quotation';
import { intermediaryGaps, PRECONTRACT_DOC_TYPES, PRECONTRACT_MSG, type TPrecontract } from '../../../../shared/schemas/precontract';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { getDisplayName } from '../../../../shared/rules/display-name';
import { isInsuranceSector, type TSectorSlug } from '../../../../shared/sectors';
import type { TRequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { findUserCards } from '../../auth/users.repository';
import { maskEmail } from '../../contract/otp-sender';
import { queueEmail } from '../../notifications/email-outbox';
import { QUOTATION_FILE_SUBJECT } from '../quotations/quotations.service';
import { conflict, hashToken, idOfPath, PRACTICE_SUBJECT, questionnaireSchemaFor, questionsOf, type TPrecontractContext, type TSnapshot } from './precontract.context';
import { linkMailText } from './precontract.mails';
import * as repo from './precontract.repository';
import { buildPrecontractPdf } from './precontract-pdf';
import type { TPrecontractTemplates } from './precontract.template';
import { packValues } from './precontract.values';

/** How long the signing link sent to the client works. */
export const PRECONTRACT_LINK_DAYS = 30;

/** Making the pack and sending it: the PDF stored on the practice, the personal link to the signing page mailed to the client. */
export const createPrecontractPack = (context: TPrecontractContext, { templateOf }: Pick<TPrecontractTemplates, 'templateOf'>) => {
  const { deps, needs, internal, now, chosenQuotation, present, reachForWork, replacePack } = context;
  const { db, config, emailOutbox } = deps;
  const { files, settings, clients } = needs;

  return {
    /**
     * Makes the pack (the template filled with the intermediary's, the client's and the chosen quotation's data, the
     * questionnaire, the company's documents listed), stores it on the practice and mails the client a personal
     * link to the signing page (valid PRECONTRACT_LINK_DAYS days). A new send replaces the link and its codes.
     */
    send: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<{ message: string; precontract: TPrecontract }> => {
      const { actor, definition, practice } = await reachForWork(ctx, sector, id);
      // No pack leaves with the form's blanks: the intermediary's data first, named when missing.
      const template = await templateOf();
      const gaps = intermediaryGaps(template.content.intermediary);
      if (gaps.length > 0) throw conflict(PRECONTRACT_MSG.intermediaryIncomplete(gaps));
      const existing = await repo.findPrecontract(db, practice.id);
      const questionnaire = existing?.questionnaire ? questionnaireSchemaFor(definition).safeParse(existing.questionnaire) : null;
      if (!questionnaire?.success) throw conflict(PRECONTRACT_MSG.questionnaireMissing);
      const quotation = await chosenQuotation(practice.id);
      if (!quotation) throw conflict(PRECONTRACT_MSG.quotationMissing);
      const at = now();
      if (!isQuotationStillValid(quotation, at.toISOString().slice(0, 10))) throw conflict(PRECONTRACT_MSG.quotationExpired);
      if ((existing?.status === 'signed' || existing?.status === 'paper') && existing.quotation_id === quotation.id) throw conflict(PRECONTRACT_MSG.alreadySigned);

      // The client, as its corner (or an admin) reads it; the corner, by its card.
      const client = await clients.get(ctx, practice.client_id);
      if (!client.email) throw new AppError('VALIDATION', { userMessage: PRECONTRACT_MSG.clientEmailMissing });
      const [corner] = await findUserCards(db, [practice.corner_id]);
      const cornerName = corner ? getDisplayName(corner) : PRACTICE_MSG.unknownUser;
      const clientName = client.kind === 'azienda' ? client.businessName : `${client.name} ${client.surname}`.trim();
      const intermediary = template.content.intermediary;
      if (!isInsuranceSector(definition.sector)) throw conflict(PRECONTRACT_MSG.notInQuotation);
      const { revenue } = await settings.getInsuranceRules(definition.sector);
      // The company's documents (DIP) are the PDFs attached to the quotation.
      const attachments: TSnapshot['attachments'] = (await files.subjectRows(QUOTATION_FILE_SUBJECT, quotation.id)).map((row) => ({ fileId: row.id, name: row.name }));
      const practiceTitle = definition.title(practice.data);
      if (!definition.insurance) throw conflict(PRECONTRACT_MSG.notInQuotation);
      const { product, subjectLabel } = definition.insurance;
      const content = packValues({
        intermediary,
        corner: { name: cornerName, email: corner?.email ?? '' },
        client,
        clientName,
        clientEmail: client.email,
        practiceTitle,
        subjectLabel,
        quotation,
        revenue,
        at,
      });
      const pdf = await buildPrecontractPdf({
        template: template.content,
        values: content.values,
        questionnaire: questionnaire.data,
        questions: questionsOf(definition),
        client: content.client,
        quotationRows: content.quotationRows,
        attachments: attachments.map((attachment) => attachment.name),
        date: at,
      });
      const stored = await files.storeFile(practice.corner_id, Readable.from([Buffer.from(pdf.bytes)]), {
        name: `Documenti precontrattuali - ${clientName}.pdf`,
        docType: PRECONTRACT_DOC_TYPES.pack,
        subject: { type: PRACTICE_SUBJECT, id: practice.id },
        allowDelete: false,
        allowEdit: false,
      });
      const snapshot: TSnapshot = {
        sector: definition.sector,
        intermediaryName: intermediary.name,
        cornerName,
        client: content.client,
        practiceTitle,
        quotation: { id: quotation.id, companyName: quotation.companyName, premiumCents: quotation.premiumCents, instalments: quotation.instalments, validUntil: quotation.validUntil },
        attachments,
      };
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + PRECONTRACT_LINK_DAYS * 24 * 60 * 60 * 1000);
      const values = {
        status: 'sent',
        quotation_id: quotation.id,
        template_id: template.id,
        pack_file_id: idOfPath(stored.path),
        pack_sha256: stored.sha256,
        snapshot: JSON.stringify(snapshot),
        sent_to: client.email,
        sent_at: at,
        sent_by: actor.userId,
        token_hash: hashToken(token),
        token_expires_at: expiresAt,
        signed_at: null,
        signed_file_id: null,
        signed_sha256: null,
        evidence: null,
        paper_at: null,
        paper_by: null,
      };
      const payload = { quotationId: quotation.id, sentTo: maskEmail(client.email), documentSha256: stored.sha256, templateId: template.id };
      await db.transaction().execute(async (trx) => {
        await replacePack(trx, actor, practice.id, values, { kind: 'precontract_sent', payload });
        await queueEmail(trx, {
          to: client.email,
          subject: PRECONTRACT_MSG.linkMailSubject,
          text: linkMailText({ clientName, cornerName, intermediaryName: intermediary.name, product: product(practice.data), url: `${config.publicUrl}/firma-precontrattuale/${token}`, expiresAt, supportEmail: config.supportEmail }),
        });
      });
      emailOutbox.kick();
      internal.committed({ kind: 'precontract_sent', actor, definition, practice: await internal.reread(definition.sector, practice.id), payload: { quotationId: quotation.id } });
      return { message: PRECONTRACT_MSG.sent(maskEmail(client.email)), precontract: await present(ctx, actor, definition, practice.id) };
    },
  };
};
