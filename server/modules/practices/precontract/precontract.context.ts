import { createHash } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { questionnaireSchemaOf, type TQuestion } from '../../../../shared/practices/questionnaire';
import { insuranceRulesOf, readSectorSetting } from '../../../../shared/practices/sector-settings';
import {
  PRECONTRACT_DOC_TYPES,
  PRECONTRACT_MSG,
  PRECONTRACT_STATUS_LABELS,
  type TPrecontract,
  type TPrecontractStatus,
} from '../../../../shared/schemas/precontract';
import type { TFileItem } from '../../../../shared/schemas/files';
import { isInsuranceSector, type TSectorSlug } from '../../../../shared/sectors';
import type { TAdminSettingKey, TBrokerSettingKey } from '../../../../shared/constants';
import type { TDb } from '../../../db/database';
import { requireActor, type TActor, type TRequestContext } from '../../../platform/context';
import type { TServiceDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { createEmailOtpSender, maskEmail } from '../../contract/otp-sender';
import { createOtpSigning } from '../../contract/otp-signing';
import { filePath } from '../../files/files.service';
import type { TPracticesNeeds } from '../engine/types';
import type { TPracticesEngine } from '../engine/engine.service';
import { PRACTICE_FILE_SUBJECT } from '../documents/documents.service';
import * as repo from './precontract.repository';
import { otpMailText } from './precontract.mails';
import type { PrecontractsTable } from './precontract.tables';

/** The files subject of a practice's documents (the pack's PDFs are stored on the practice). */
export const PRACTICE_SUBJECT = PRACTICE_FILE_SUBJECT;

/** What the pack reads of the chosen quotation (shared/schemas/quotations.ts ZQuotation, owned by the quotations part). */
export type TChosenQuotation = {
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
export type TChosenReader = (db: TDb, practiceId: string) => Promise<TChosenQuotation | null | undefined>;

/** What the pack was made from, kept with it (the public page and the evidence read it; the practice may change). */
export type TSnapshot = {
  sector: TSectorSlug;
  intermediaryName: string;
  cornerName: string;
  client: { name: string; taxCode: string; email: string; address: string };
  practiceTitle: string;
  quotation: { id: string; companyName: string; premiumCents: number; instalments: number; validUntil: string };
  attachments: { fileId: string; name: string }[];
};

export type TPrecontractNeeds = TPracticesNeeds & { chosen: TChosenReader };
export type TPrecontractOptions = { now?: () => Date };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const idOfPath = (value: string) => value.replace(/^files\//, '');
export const conflict = (userMessage: string) => new AppError('CONFLICT', { userMessage });
export const linkInvalid = () => new AppError('NOT_FOUND', { userMessage: PRECONTRACT_MSG.linkInvalid });

/** The corner of the practice or an admin (the pack is the corner's work with its client). */
const requireCornerSide = (actor: TActor) => {
  if (actor.role !== 'corner' && actor.role !== 'admin') throw new AppError('FORBIDDEN', { userMessage: PRECONTRACT_MSG.onlyCorner });
};

/** The sector's demands-and-needs questions (none outside insurance: no pack there). */
export const questionsOf = (definition: TAnySectorDefinition): readonly TQuestion[] =>
  definition.insurance?.questionnaire.questions ?? [];

const schemas = new Map<TSectorSlug, ReturnType<typeof questionnaireSchemaOf>>();
/** The schema of the sector's answers, made once per sector. */
export const questionnaireSchemaFor = (definition: TAnySectorDefinition) => {
  let schema = schemas.get(definition.sector);
  if (!schema) schemas.set(definition.sector, (schema = questionnaireSchemaOf(questionsOf(definition))));
  return schema;
};

/** The states the pack is prepared in: those a transition that asks for it leaves from. */
const preparedIn = (definition: TAnySectorDefinition) =>
  new Set(definition.transitions.filter((transition) => transition.requires.includes('precontractSigned')).flatMap((transition) => transition.from as readonly string[]));

/**
 * What every unit of the pack shares, made once by the composition (precontract.service.ts) and given to each: the
 * services it runs on, the clock, the client's signing codes, and the reads of the pack they all answer with.
 */
export const createPrecontractContext = (deps: TServiceDeps, engine: TPracticesEngine, needs: TPrecontractNeeds, options: TPrecontractOptions) => {
  const { db, config, mailer, logger } = deps;
  const { files, settings } = needs;
  const { internal } = engine;
  const now = options.now ?? (() => new Date());
  const sender = createEmailOtpSender(mailer, config.supportEmail, { subject: PRECONTRACT_MSG.otpMailSubject, text: otpMailText });
  const codes = createOtpSigning({ db, logger, now, store: repo.otps, secretName: 'precontract-otp-hmac', sender });

  /**
   * Whether the pack is asked for: always for an insurance sector, unless its definition names a setting that waives
   * it (`insurance.precontractSetting`, on by default) and the admin switched it off.
   */
  const isRequired = async (definition: TAnySectorDefinition, within: TDb = db): Promise<boolean> => {
    if (!isInsuranceSector(definition.sector)) return false;
    const key = insuranceRulesOf(definition.sector).precontractSetting;
    return key ? readSectorSetting(key, await settings.readValue(key as TAdminSettingKey | TBrokerSettingKey, within)) === true : true;
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

  /** The practice's pack as `actor` sees it (a broker reads the client's e-mail masked). */
  const present = async (ctx: TRequestContext, actor: TActor, definition: TAnySectorDefinition, practiceId: string): Promise<TPrecontract> => {
    const [row, required, documents] = await Promise.all([repo.findPrecontract(db, practiceId), isRequired(definition), packFiles(ctx, practiceId)]);
    const status = (row?.status ?? 'missing') as TPrecontractStatus;
    const questions = questionsOf(definition);
    const questionnaire = row?.questionnaire ? questionnaireSchemaFor(definition).safeParse(row.questionnaire) : null;
    return {
      required,
      questions: [...questions],
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

  /**
   * A pack put in force by the corner's side (sent, or signed on paper), in `trx`: the practice's row locked, the codes
   * of the pack it replaces invalidated (a code signs only the pack it was sent for), the change in the history.
   */
  const replacePack = async (
    trx: TDb,
    actor: TActor,
    practiceId: string,
    values: Updateable<PrecontractsTable>,
    event: { kind: 'precontract_sent' | 'precontract_signed'; payload: Record<string, unknown> },
  ) => {
    await repo.lockPrecontract(trx, practiceId);
    await repo.otps.invalidate(trx, practiceId);
    await repo.updatePrecontract(trx, practiceId, values);
    await internal.appendEvent(trx, { practiceId, actorId: actor.userId, impersonatorId: actor.impersonatorId, ...event });
  };

  return {
    deps,
    needs,
    internal,
    now,
    codes,
    replacePack,
    chosenQuotation: async (practiceId: string): Promise<TChosenQuotation | null> => (await needs.chosen(db, practiceId)) ?? null,
    isRequired,
    present,
    reachForWork,
  };
};

export type TPrecontractContext = ReturnType<typeof createPrecontractContext>;
