import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { formatEuroCents, INSTALMENT_LABELS, isQuotationStillValid, type TInstalments } from '../../../../shared/practices/quotation';
import { rcaCommissionCents } from '../../../../shared/practices/rca-settings';
import { insuranceRulesOf, readSectorSetting } from '../../../../shared/practices/sector-settings';
import {
  DEFAULT_PRECONTRACT_TEMPLATE,
  PRECONTRACT_DOC_TYPES,
  PRECONTRACT_MSG,
  PRECONTRACT_STATUS_LABELS,
  ZPrecontractQuestionnaire,
  ZPrecontractTemplateContent,
  type TPrecontract,
  type TPrecontractPlaceholder,
  type TPrecontractQuestionnaire,
  type TPrecontractStatus,
  type TPrecontractTemplate,
  type TPrecontractTemplateContent,
  type TPublicPrecontract,
  type TPublicPrecontractOtpResponse,
} from '../../../../shared/schemas/precontract';
import type { TFileItem } from '../../../../shared/schemas/files';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { getDisplayName } from '../../../../shared/rules/display-name';
import { isInsuranceSector, type TSectorSlug } from '../../../../shared/sectors';
import type { TAdminSettingKey, TBrokerSettingKey } from '../../../../shared/constants';
import type { TDb } from '../../../db/database';
import { requireActor, requireAdmin, type TActor, type TRequestContext } from '../../../platform/context';
import type { TServiceDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { createDbLimiter } from '../../../platform/rate-limit';
import { parseInput } from '../../../platform/validate';
import { findUserCards } from '../../auth/users.repository';
import { assertMaySendOtp, createOtpKey, newOtpCode, OTP_TTL_MS, otpResendAfter, pendingOtpTiming, verifyOtpCode } from '../../contract/otp-codes';
import { formatRomeDate } from '../../contract/contract-pdf';
import { maskEmail } from '../../contract/otp-sender';
import { readAll } from '../../files/admin-docs.service';
import { filePath } from '../../files/files.service';
import { queueEmail } from '../../notifications/email-outbox';
import type { TPracticesNeeds, TRequirementCheck } from '../engine/types';
import type { TPracticesEngine } from '../engine/engine.service';
import { PRACTICE_FILE_SUBJECT } from '../documents/documents.service';
import { QUOTATION_FILE_SUBJECT } from '../quotations/quotations.service';
import * as repo from './precontract.repository';
import { buildPrecontractPdf, buildSignedPrecontractPdf } from './precontract-pdf';

/** How long the signing link sent to the client works. */
export const PRECONTRACT_LINK_DAYS = 30;
const HMAC_SECRET_KEY = 'precontract-otp-hmac';
/** The files subjects of a practice's documents and of a quotation's PDF (registered by the quotations part). */
const PRACTICE_SUBJECT = PRACTICE_FILE_SUBJECT;


/** What the pack reads of the chosen quotation (shared/schemas/quotations.ts ZQuotation, owned by the quotations part). */
type TChosenQuotation = {
  id: string;
  companyName: string;
  ivassCode?: string | null;
  agencyName?: string | null;
  premiumCents: number;
  instalments: number;
  personInjuryCents: number | null;
  propertyDamageCents: number | null;
  insuredCents?: number | null;
  covers?: { label: string; limitCents?: number | null; deductibleCents?: number | null }[];
  conditions?: string;
  validUntil: string;
};
/** The quotations part's reader of the chosen quotation (`quotations.chosen`). */
type TChosenReader = (db: TDb, practiceId: string) => Promise<TChosenQuotation | null | undefined>;

/** What the pack was made from, kept with it (the public page and the evidence read it; the practice may change). */
type TSnapshot = {
  sector: TSectorSlug;
  intermediaryName: string;
  cornerName: string;
  client: { name: string; taxCode: string; email: string; address: string };
  practiceTitle: string;
  quotation: { id: string; companyName: string; premiumCents: number; instalments: number; validUntil: string };
  attachments: { fileId: string; name: string }[];
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const idOfPath = (value: string) => value.replace(/^files\//, '');
const conflict = (userMessage: string) => new AppError('CONFLICT', { userMessage });
const linkInvalid = () => new AppError('NOT_FOUND', { userMessage: PRECONTRACT_MSG.linkInvalid });

const addressOf = (address: { street?: string; number?: string; cap?: string; comuneName?: string; provinceSigla?: string } | null) =>
  address
    ? [[address.street, address.number].filter(Boolean).join(' '), [address.cap, address.comuneName, address.provinceSigla ? `(${address.provinceSigla})` : ''].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : '';

const linkMailText = (input: { clientName: string; cornerName: string; intermediaryName: string; url: string; expiresAt: Date; supportEmail: string }) =>
  [
    `Gentile ${input.clientName},`,
    '',
    `${input.cornerName}, per conto di ${input.intermediaryName}, ti ha preparato i documenti precontrattuali della polizza RC Auto che hai richiesto: ` +
      'l’informativa dell’intermediario (modulo unico precontrattuale), il questionario sulle tue esigenze e i documenti informativi dell’impresa.',
    '',
    'Puoi leggerli e firmarli con un codice che ti invieremo a questo indirizzo, da questa pagina:',
    '',
    `    ${input.url}`,
    '',
    `Il link è personale e vale fino al ${formatRomeDate(input.expiresAt)}. Non inoltrarlo ad altri.`,
    '',
    `Se non hai richiesto tu questa polizza, ignora questo messaggio e scrivi a ${input.supportEmail}.`,
  ].join('\n');

const otpMailText = (input: { clientName: string; code: string; validMinutes: number; supportEmail: string }) =>
  [
    `Gentile ${input.clientName},`,
    '',
    'per firmare i documenti precontrattuali inserisci questo codice nella pagina di firma:',
    '',
    `    ${input.code}`,
    '',
    `Il codice vale ${input.validMinutes} minuti e può essere usato una sola volta. Non comunicarlo a nessuno: nessun operatore te lo chiederà mai.`,
    '',
    'Inserendolo dichiari di aver ricevuto e letto i documenti e li sottoscrivi.',
    '',
    `Se non hai richiesto tu il codice, ignora questo messaggio e scrivi a ${input.supportEmail}.`,
  ].join('\n');

export type TPrecontractOptions = { now?: () => Date };

/**
 * The pre-contract pack of the insurance practices (issue 15): the admin's template of the single pre-contract
 * form, the demands-and-needs questionnaire, the pack PDF pre-filled and stored on the practice, its signature by
 * the client (not a platform user) with a one-time code sent to the client's e-mail through a public page, the
 * paper alternative, and the `precontractSigned` requirement of the transitions that ask for it.
 */
export const createPrecontractService = (deps: TServiceDeps, engine: TPracticesEngine, needs: TPracticesNeeds & { chosen: TChosenReader }, options: TPrecontractOptions = {}) => {
  const { db, config, mailer, emailOutbox, logger } = deps;
  const { files, settings, clients } = needs;
  const { internal } = engine;
  const now = options.now ?? (() => new Date());
  // Public pages: a per-address budget (tokens are 256-bit, this only keeps scanners and code floods away).
  const publicLimiter = createDbLimiter(db, 120, 15 * 60, 'precontract-ip');

  const key = createOtpKey(db, HMAC_SECRET_KEY);

  const chosenQuotation = async (practiceId: string): Promise<TChosenQuotation | null> => (await needs.chosen(db, practiceId)) ?? null;

  /** Whether the sector's settings ask for the pack (its definition's `insurance.precontractSetting`, a yes/no block). */
  const isRequired = async (definition: TAnySectorDefinition, within: TDb = db): Promise<boolean> => {
    const key = isInsuranceSector(definition.sector) ? insuranceRulesOf(definition.sector).precontractSetting : null;
    return key ? readSectorSetting(key, await settings.readValue(key as TAdminSettingKey | TBrokerSettingKey, within)) === true : false;
  };

  /** The states the pack is prepared in: those a transition that asks for it leaves from. */
  const preparedIn = (definition: TAnySectorDefinition) =>
    new Set(definition.transitions.filter((transition) => transition.requires.includes('precontractSigned')).flatMap((transition) => transition.from as readonly string[]));

  const templateOf = async (): Promise<{ id: string | null; content: TPrecontractTemplateContent; row: repo.TTemplateRow | undefined }> => {
    const row = await repo.findLatestTemplate(db);
    const checked = row ? ZPrecontractTemplateContent.safeParse(row.content) : null;
    return checked?.success ? { id: row!.id, content: checked.data, row } : { id: null, content: DEFAULT_PRECONTRACT_TEMPLATE, row: undefined };
  };

  /** The corner of the practice or an admin (the pack is the corner's work with its client). */
  const requireCornerSide = (actor: TActor) => {
    if (actor.role !== 'corner' && actor.role !== 'admin') throw new AppError('FORBIDDEN', { userMessage: PRECONTRACT_MSG.onlyCorner });
  };

  /** The practice's files of the pack (pack PDFs, signed PDFs, paper scans), oldest first. */
  const packFiles = async (ctx: TRequestContext, practiceId: string): Promise<TFileItem[]> => {
    const kinds = new Set<string>(Object.values(PRECONTRACT_DOC_TYPES));
    try {
      return (await files.listSubject(ctx, PRACTICE_SUBJECT, practiceId)).filter((file) => file.docType !== null && kinds.has(file.docType));
    } catch (error) {
      // The caller reaches the practice (checked before): a 404 here means the `practice` files subject is not registered.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return [];
      throw error;
    }
  };

  const present = async (ctx: TRequestContext, actor: TActor, definition: TAnySectorDefinition, practiceId: string): Promise<TPrecontract> => {
    const [row, required, documents] = await Promise.all([repo.findPrecontract(db, practiceId), isRequired(definition), packFiles(ctx, practiceId)]);
    const status = (row?.status ?? 'missing') as TPrecontractStatus;
    const questionnaire = row?.questionnaire ? ZPrecontractQuestionnaire.safeParse(row.questionnaire) : null;
    return {
      required,
      status,
      statusLabel: PRECONTRACT_STATUS_LABELS[status],
      questionnaire: questionnaire?.success ? questionnaire.data : null,
      questionnaireAt: row?.questionnaire_at ?? null,
      quotationId: row?.quotation_id ?? null,
      sentTo: row?.sent_to ? (actor.role === 'broker' ? maskEmail(row.sent_to) : row.sent_to) : null,
      sentAt: row?.sent_at ?? null,
      linkExpiresAt: status === 'sent' || status === 'signed' ? (row?.token_expires_at ?? null) : null,
      signedAt: row?.signed_at ?? null,
      paperAt: row?.paper_at ?? null,
      evidenceUrl: row?.signed_file_id ? filePath(row.signed_file_id) : null,
      files: documents,
    };
  };

  /** The practice, reached by the caller, in a state where the pack is prepared, by the corner's side. */
  const reachForWork = async (ctx: TRequestContext, sector: TSectorSlug, id: string) => {
    const actor = requireActor(ctx);
    const definition = internal.definitionOf(sector);
    const practice = await internal.reach(actor, definition, id);
    requireCornerSide(actor);
    if (!preparedIn(definition).has(practice.state)) throw conflict(PRECONTRACT_MSG.notInQuotation);
    return { actor, definition, practice };
  };

  const cornerActor = (cornerId: string): TActor => ({ userId: cornerId, role: 'corner', state: 'active', sessionId: '', via: 'cookie', impersonatorId: null });

  // ------------------------------------------------------------------ the requirement of the transitions
  /** The `precontractSigned` requirement: when the sector asks for it, the pack of the chosen quotation signed (or on paper). */
  const requireSigned: TRequirementCheck = async ({ definition, practice, payload, trx }) => {
    if (!(await isRequired(definition, trx))) return;
    const row = await repo.findPrecontract(trx, practice.id);
    if (!row || (row.status !== 'signed' && row.status !== 'paper')) throw conflict(PRECONTRACT_MSG.required);
    const quotationId = typeof payload.quotationId === 'string' ? payload.quotationId : null;
    if (quotationId && row.quotation_id && row.quotation_id !== quotationId) throw conflict(PRECONTRACT_MSG.requiredForQuotation);
  };

  // ------------------------------------------------------------------ the public signing page
  /** The pack of a link: live (sent, or signed for reading the signed copy) and not expired; anything else 404. */
  const packOfToken = async (ctx: TRequestContext, token: string) => {
    await publicLimiter.consume(ctx.ip);
    if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) throw linkInvalid();
    const row = await repo.findByTokenHash(db, hashToken(token));
    if (!row || (row.status !== 'sent' && row.status !== 'signed') || !row.token_expires_at || new Date(row.token_expires_at) <= now() || !row.pack_file_id) {
      throw linkInvalid();
    }
    return { row, snapshot: row.snapshot as TSnapshot };
  };

  /** A stored file of the practice (or of its quotation) by id, unchecked: the token was the check. */
  const practiceFileRow = async (practiceId: string, fileId: string, quotationId?: string) => {
    const candidates = [...(await files.subjectRows(PRACTICE_SUBJECT, practiceId)), ...(quotationId ? await files.subjectRows(QUOTATION_FILE_SUBJECT, quotationId) : [])];
    const row = candidates.find((candidate) => candidate.id === fileId);
    if (!row) throw linkInvalid();
    return row;
  };

  const pendingOtp = (otp: repo.TPrecontractOtpRow | undefined, at: Date): TPublicPrecontract['otp'] => {
    const timing = pendingOtpTiming(otp, at);
    return otp && timing ? { ...timing, maskedDestination: maskEmail(otp.destination) } : null;
  };

  const assertMaySend = (trx: TDb, practiceId: string, at: Date) => assertMaySendOtp(repo.otps, trx, practiceId, at);

  return {
    requireSigned,
    /** The template in force (admins: the editor on /admin/impostazioni). */
    template: async (ctx: TRequestContext): Promise<TPrecontractTemplate> => {
      requireAdmin(ctx);
      const { id, content, row } = await templateOf();
      const name = row?.created_by ? (await internal.userNames([row.created_by])).get(row.created_by) ?? null : null;
      return { id, content, createdAt: row?.created_at ?? null, createdByName: name };
    },

    /** A new version of the template (every version is kept: a pack names the one it was made from). */
    saveTemplate: async (ctx: TRequestContext, input: { content: unknown }): Promise<TPrecontractTemplate> => {
      const actor = requireAdmin(ctx);
      const content = parseInput(ZPrecontractTemplateContent, input.content);
      const row = await repo.insertTemplate(db, content, actor.userId);
      const name = (await internal.userNames([actor.userId])).get(actor.userId) ?? null;
      return { id: row.id, content, createdAt: row.created_at, createdByName: name };
    },

    /** The practice's pack as the caller may see it (its corner, the sector's brokers, admins). */
    get: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPrecontract> => {
      const actor = requireActor(ctx);
      const definition = internal.definitionOf(sector);
      const practice = await internal.reach(actor, definition, id);
      return present(ctx, actor, definition, practice.id);
    },

    /**
     * The demands-and-needs answers. Changing them after the pack went out withdraws it (a new one must be sent or
     * signed on paper): what the client signs always holds the answers in force.
     */
    saveQuestionnaire: async (ctx: TRequestContext, sector: TSectorSlug, id: string, answers: unknown): Promise<TPrecontract> => {
      const { actor, definition, practice } = await reachForWork(ctx, sector, id);
      const questionnaire: TPrecontractQuestionnaire = parseInput(ZPrecontractQuestionnaire, answers);
      await db.transaction().execute(async (trx) => {
        const row = await repo.lockPrecontract(trx, practice.id);
        const changed = JSON.stringify(row.questionnaire ?? null) !== JSON.stringify(questionnaire);
        const withdraw = changed && row.status !== 'missing';
        await repo.updatePrecontract(trx, practice.id, {
          questionnaire: JSON.stringify(questionnaire),
          questionnaire_at: now(),
          questionnaire_by: actor.userId,
          ...(withdraw ? { status: 'missing', token_hash: null, signed_at: null, signed_file_id: null, signed_sha256: null } : {}),
        });
        if (withdraw) await repo.otps.invalidate(trx, practice.id);
        if (changed) {
          await internal.appendEvent(trx, {
            practiceId: practice.id,
            actorId: actor.userId,
            impersonatorId: actor.impersonatorId,
            kind: 'precontract_questionnaire',
            payload: { withdrawn: withdraw ? row.status : null },
          });
        }
      });
      return present(ctx, actor, definition, practice.id);
    },

    /**
     * Makes the pack (the template filled with the intermediary's, the client's and the chosen quotation's data, the
     * questionnaire, the company's documents listed), stores it on the practice and mails the client a personal
     * link to the signing page (valid PRECONTRACT_LINK_DAYS days). A new send replaces the link and its codes.
     */
    send: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<{ message: string; precontract: TPrecontract }> => {
      const { actor, definition, practice } = await reachForWork(ctx, sector, id);
      const existing = await repo.findPrecontract(db, practice.id);
      const questionnaire = existing?.questionnaire ? ZPrecontractQuestionnaire.safeParse(existing.questionnaire) : null;
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
      const template = await templateOf();
      const intermediary = template.content.intermediary;
      // The sector's own commission rule (rcaRevenue, altriRamiRevenue, fideiussioniConfig.revenue).
      if (!isInsuranceSector(definition.sector)) throw conflict(PRECONTRACT_MSG.notInQuotation);
      const { revenue } = await settings.getInsuranceRules(definition.sector);
      const commission = rcaCommissionCents(revenue, quotation.premiumCents);
      const percent = (revenue.percentBp / 100).toLocaleString('it-IT', { maximumFractionDigits: 2 });
      // The company's documents (DIP) are the PDFs attached to the quotation.
      const attachments: TSnapshot['attachments'] = (await files.subjectRows(QUOTATION_FILE_SUBJECT, quotation.id)).map((row) => ({ fileId: row.id, name: row.name }));
      const practiceTitle = definition.title(practice.data);
      const values: Partial<Record<TPrecontractPlaceholder, string>> = {
        'intermediario.denominazione': intermediary.name,
        'intermediario.rui': `sezione ${intermediary.ruiSection}, n. ${intermediary.ruiNumber}`,
        'intermediario.dataIscrizione': intermediary.ruiDate || '—',
        'intermediario.sede': intermediary.address,
        'intermediario.contatti': [intermediary.phone, intermediary.email, intermediary.pec && `PEC ${intermediary.pec}`, intermediary.website].filter(Boolean).join(', ') || '—',
        'collaboratore.nome': cornerName,
        'collaboratore.email': corner?.email ?? '',
        'cliente.nome': clientName,
        'cliente.codiceFiscale': client.kind === 'azienda' ? client.vat || client.companyCf : client.cf,
        'cliente.email': client.email,
        'cliente.indirizzo': addressOf(client.address) || '—',
        'veicolo.descrizione': practiceTitle,
        'quotazione.compagnia': quotation.ivassCode ? `${quotation.companyName} (codice IVASS ${quotation.ivassCode})` : quotation.companyName,
        'quotazione.agenzia': quotation.agencyName || 'la direzione dell’impresa',
        'quotazione.premio': formatEuroCents(quotation.premiumCents),
        'quotazione.rate': INSTALMENT_LABELS[quotation.instalments as TInstalments] ?? `${quotation.instalments} rate`,
        'quotazione.massimali':
          quotation.personInjuryCents !== null && quotation.propertyDamageCents !== null
            ? `${formatEuroCents(quotation.personInjuryCents)} per danni alle persone, ${formatEuroCents(quotation.propertyDamageCents)} per danni alle cose`
            : quotation.insuredCents != null
              ? formatEuroCents(quotation.insuredCents)
              : '—',
        'quotazione.garanzie': (quotation.covers ?? []).map((cover) => cover.label).join(', ') || 'Solo RC Auto',
        'quotazione.validita': quotation.validUntil.split('-').reverse().join('/'),
        'provvigione.descrizione': `${formatEuroCents(commission)} (${percent}% del premio${revenue.fixedCents ? ` più ${formatEuroCents(revenue.fixedCents)}` : ''})`,
        data: formatRomeDate(at),
      };
      const pdf = await buildPrecontractPdf({
        template: template.content,
        values,
        questionnaire: questionnaire.data,
        client: { name: clientName, taxCode: values['cliente.codiceFiscale'] ?? '', email: client.email, address: values['cliente.indirizzo'] ?? '' },
        quotationRows: [
          ['Impresa', values['quotazione.compagnia']!],
          ['Agenzia', values['quotazione.agenzia']!],
          ['Veicolo', practiceTitle],
          ['Premio annuo', values['quotazione.premio']!],
          ['Frazionamento', values['quotazione.rate']!],
          ['Massimali RC', values['quotazione.massimali']!],
          ['Garanzie', values['quotazione.garanzie']!],
          ...((quotation.conditions ? [['Condizioni', quotation.conditions]] : []) as [string, string][]),
          ['Valida fino al', values['quotazione.validita']!],
        ],
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
        client: { name: clientName, taxCode: values['cliente.codiceFiscale'] ?? '', email: client.email, address: values['cliente.indirizzo'] ?? '' },
        practiceTitle,
        quotation: { id: quotation.id, companyName: quotation.companyName, premiumCents: quotation.premiumCents, instalments: quotation.instalments, validUntil: quotation.validUntil },
        attachments,
      };
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + PRECONTRACT_LINK_DAYS * 24 * 60 * 60 * 1000);
      await db.transaction().execute(async (trx) => {
        await repo.lockPrecontract(trx, practice.id);
        await repo.otps.invalidate(trx, practice.id);
        await repo.updatePrecontract(trx, practice.id, {
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
        });
        await internal.appendEvent(trx, {
          practiceId: practice.id,
          actorId: actor.userId,
          impersonatorId: actor.impersonatorId,
          kind: 'precontract_sent',
          payload: { quotationId: quotation.id, sentTo: maskEmail(client.email), documentSha256: stored.sha256, templateId: template.id },
        });
        await queueEmail(trx, {
          to: client.email,
          subject: PRECONTRACT_MSG.linkMailSubject,
          text: linkMailText({ clientName, cornerName, intermediaryName: intermediary.name, url: `${config.publicUrl}/firma-precontrattuale/${token}`, expiresAt, supportEmail: config.supportEmail }),
        });
      });
      emailOutbox.kick();
      internal.committed({ kind: 'precontract_sent', actor, definition, practice: await internal.reread(definition.sector, practice.id), payload: { quotationId: quotation.id } });
      return { message: PRECONTRACT_MSG.sent(maskEmail(client.email)), precontract: await present(ctx, actor, definition, practice.id) };
    },

    /**
     * The pack signed on paper: after the scans were uploaded to the practice (docType `precontractSigned`), the
     * corner declares it; it stands for the chosen quotation. Scans already counted by a previous declaration do
     * not count again.
     */
    paper: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPrecontract> => {
      const { actor, definition, practice } = await reachForWork(ctx, sector, id);
      const quotation = await chosenQuotation(practice.id);
      if (!quotation) throw conflict(PRECONTRACT_MSG.quotationMissing);
      const existing = await repo.findPrecontract(db, practice.id);
      if ((existing?.status === 'signed' || existing?.status === 'paper') && existing.quotation_id === quotation.id) throw conflict(PRECONTRACT_MSG.alreadySigned);
      const since = existing?.paper_at ? new Date(existing.paper_at).getTime() : 0;
      const scans = (await files.subjectRows(PRACTICE_SUBJECT, practice.id)).filter(
        (row) => row.doc_type === PRECONTRACT_DOC_TYPES.paper && new Date(row.created_at).getTime() > since,
      );
      if (scans.length === 0) throw conflict(PRECONTRACT_MSG.paperScansMissing);
      await db.transaction().execute(async (trx) => {
        await repo.lockPrecontract(trx, practice.id);
        await repo.otps.invalidate(trx, practice.id);
        await repo.updatePrecontract(trx, practice.id, {
          status: 'paper',
          quotation_id: quotation.id,
          token_hash: null,
          signed_at: null,
          signed_file_id: null,
          signed_sha256: null,
          paper_at: now(),
          paper_by: actor.userId,
        });
        await internal.appendEvent(trx, {
          practiceId: practice.id,
          actorId: actor.userId,
          impersonatorId: actor.impersonatorId,
          kind: 'precontract_signed',
          payload: { mode: 'paper', quotationId: quotation.id, files: scans.map((row) => filePath(row.id)) },
        });
      });
      internal.committed({ kind: 'precontract_signed', actor, definition, practice: await internal.reread(definition.sector, practice.id), payload: { mode: 'paper', quotationId: quotation.id } });
      return present(ctx, actor, definition, practice.id);
    },

    /** What the public signing page shows (GET /api/public/precontract/:token). */
    publicView: async (ctx: TRequestContext, token: string): Promise<TPublicPrecontract> => {
      const { row, snapshot } = await packOfToken(ctx, token);
      const otp = row.status === 'sent' ? pendingOtp(await repo.otps.findLatest(db, row.practice_id), now()) : null;
      return {
        status: row.status as 'sent' | 'signed',
        intermediaryName: snapshot.intermediaryName,
        cornerName: snapshot.cornerName,
        clientName: snapshot.client.name,
        maskedEmail: maskEmail(row.sent_to ?? ''),
        practiceTitle: snapshot.practiceTitle,
        quotation: { companyName: snapshot.quotation.companyName, premiumCents: snapshot.quotation.premiumCents, instalments: snapshot.quotation.instalments, validUntil: snapshot.quotation.validUntil },
        documentSha256: row.pack_sha256 ?? '',
        attachments: snapshot.attachments.map((attachment, index) => ({ index, name: attachment.name })),
        linkExpiresAt: new Date(row.token_expires_at!),
        signedAt: row.signed_at ?? null,
        otp,
      };
    },

    /** The pack to read (or, once signed, the signed copy) or one of the company's documents, for the public page. */
    publicDocument: async (ctx: TRequestContext, token: string, attachment?: number): Promise<{ name: string; bytes: Uint8Array; mime: string }> => {
      const { row, snapshot } = await packOfToken(ctx, token);
      let fileId: string;
      if (attachment === undefined) fileId = row.status === 'signed' && row.signed_file_id ? row.signed_file_id : row.pack_file_id!;
      else {
        const item = snapshot.attachments[attachment];
        if (!item) throw linkInvalid();
        fileId = item.fileId;
      }
      const file = await practiceFileRow(row.practice_id, fileId, snapshot.quotation.id);
      return { name: file.name, bytes: await readAll(files.openContent(file)), mime: file.mime };
    },

    /**
     * POST /api/public/precontract/:token/otp: a 6-digit code to the client's e-mail the pack was sent to, with the
     * contract's rules (valid 10 minutes, 5 attempts, a new one after 60 seconds, 10 a day); only its keyed hash is kept.
     */
    publicRequestOtp: async (ctx: TRequestContext, token: string): Promise<TPublicPrecontractOtpResponse> => {
      const { row, snapshot } = await packOfToken(ctx, token);
      if (row.status !== 'sent') throw conflict(PRECONTRACT_MSG.linkSigned);
      const at = now();
      await assertMaySend(db, row.practice_id, at);
      const secret = await key();
      const { id: otpId, code, codeHash, expiresAt, maxAttempts } = newOtpCode(secret, at);
      const destination = row.sent_to!;
      await db.transaction().execute(async (trx) => {
        const locked = await repo.lockPrecontract(trx, row.practice_id);
        if (locked.status !== 'sent' || locked.token_hash !== row.token_hash) throw linkInvalid();
        await assertMaySend(trx, row.practice_id, at);
        await repo.otps.invalidate(trx, row.practice_id);
        await repo.otps.insert(trx, {
          id: otpId,
          practice_id: row.practice_id,
          code_hash: codeHash,
          destination,
          document_file_id: locked.pack_file_id!,
          document_sha256: locked.pack_sha256!,
          max_attempts: maxAttempts,
          ip: ctx.ip,
          created_at: at,
          expires_at: expiresAt,
        });
      });
      try {
        await mailer.deliver({ to: destination, subject: PRECONTRACT_MSG.otpMailSubject, text: otpMailText({ clientName: snapshot.client.name, code, validMinutes: OTP_TTL_MS / 60_000, supportEmail: config.supportEmail }) });
      } catch (error) {
        // A code that never left must neither sign nor make the signer wait.
        await repo.otps.remove(db, otpId);
        throw new AppError('INTERNAL', { userMessage: CONTRACT_MSG.otpSendFailed, cause: error });
      }
      return { message: PRECONTRACT_MSG.otpSent(maskEmail(destination)), expiresAt, resendAfter: otpResendAfter(at), maskedDestination: maskEmail(destination) };
    },

    /**
     * POST /api/public/precontract/:token/sign {otp}: checks the code in constant time (a wrong one costs an attempt,
     * the 5th locks it, an expired one is refused), appends the evidence page to the pack the code was sent for,
     * stores it on the practice (not deletable nor renamable) and, in one transaction, consumes the code, marks the
     * pack signed and writes the practice's history.
     */
    publicSign: async (ctx: TRequestContext, token: string, input: { otp: string }): Promise<{ message: string; signedAt: Date }> => {
      const { row, snapshot } = await packOfToken(ctx, token);
      if (row.status !== 'sent') throw conflict(PRECONTRACT_MSG.linkSigned);
      const secret = await key();
      const at = now();
      const verdict = await db.transaction().execute((trx) => verifyOtpCode(repo.otps, trx, row.practice_id, secret, input.otp, at));
      if (!verdict.otp) {
        const message = verdict.error === 'missing' ? CONTRACT_MSG.otpMissing : verdict.error;
        throw new AppError('VALIDATION', { userMessage: message, fields: { otp: [message] } });
      }
      const otp = verdict.otp;
      if (otp.document_file_id !== row.pack_file_id) throw new AppError('VALIDATION', { userMessage: PRECONTRACT_MSG.documentChanged, fields: { otp: [PRECONTRACT_MSG.documentChanged] } });
      const packRow = await practiceFileRow(row.practice_id, otp.document_file_id);
      const unsigned = await readAll(files.openContent(packRow));
      if (sha256(unsigned) !== otp.document_sha256) {
        throw new AppError('INTERNAL', { message: `precontract pack ${otp.document_file_id} does not match its hash`, userMessage: PRECONTRACT_MSG.documentChanged });
      }
      const signedAt = now();
      const evidence = {
        signer: { name: snapshot.client.name, taxCode: snapshot.client.taxCode, email: snapshot.client.email },
        signedAt,
        otpRequestedAt: new Date(otp.created_at),
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        documentSha256: otp.document_sha256,
        maskedDestination: maskEmail(otp.destination),
        signatureId: otp.id,
      };
      const signed = await buildSignedPrecontractPdf(unsigned, evidence);
      const definition = internal.definitionOf(snapshot.sector);
      const practice = await internal.reread(definition.sector, row.practice_id);
      const stored = await files.storeFile(practice.corner_id, Readable.from([Buffer.from(signed.bytes)]), {
        name: `Documenti precontrattuali firmati - ${snapshot.client.name}.pdf`,
        docType: PRECONTRACT_DOC_TYPES.signedByCode,
        subject: { type: PRACTICE_SUBJECT, id: row.practice_id },
        allowDelete: false,
        allowEdit: false,
      });
      try {
        await db.transaction().execute(async (trx) => {
          const locked = await repo.lockPrecontract(trx, row.practice_id);
          if (locked.status !== 'sent' || locked.token_hash !== row.token_hash) throw conflict(PRECONTRACT_MSG.linkSigned);
          const active = await repo.otps.lockActive(trx, row.practice_id);
          if (!active || active.id !== otp.id) throw new AppError('VALIDATION', { userMessage: CONTRACT_MSG.otpMissing, fields: { otp: [CONTRACT_MSG.otpMissing] } });
          await repo.otps.markUsed(trx, otp.id);
          await repo.updatePrecontract(trx, row.practice_id, {
            status: 'signed',
            signed_file_id: idOfPath(stored.path),
            signed_sha256: stored.sha256,
            signed_at: signedAt,
            evidence: JSON.stringify({ ...evidence, signedAt: signedAt.toISOString(), otpRequestedAt: evidence.otpRequestedAt.toISOString(), channel: 'email' }),
          });
          // The client is no user: the history names the practice's corner, with who actually signed in the payload.
          await internal.appendEvent(trx, {
            practiceId: row.practice_id,
            actorId: practice.corner_id,
            impersonatorId: null,
            kind: 'precontract_signed',
            payload: { mode: 'otp', signedBy: snapshot.client.name, quotationId: locked.quotation_id, documentSha256: otp.document_sha256, signedSha256: stored.sha256 },
          });
        });
      } catch (error) {
        // Another request signed meanwhile: the copy made here stays on the practice as a document (it is never
        // deleted: the files kept with a practice are evidence), but the pack names the one that was recorded.
        logger.warn({ err: error, practiceId: row.practice_id, path: stored.path }, 'firma precontrattuale non registrata');
        throw error;
      }
      internal.committed({ kind: 'precontract_signed', actor: cornerActor(practice.corner_id), definition, practice: await internal.reread(definition.sector, row.practice_id), payload: { mode: 'otp' } });
      return { message: PRECONTRACT_MSG.signed, signedAt };
    },
  };
};

export type TPrecontractService = ReturnType<typeof createPrecontractService>;
