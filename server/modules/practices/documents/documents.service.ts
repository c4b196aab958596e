import type { TFileItem } from '../../../../shared/schemas/files';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../shared/sectors';
import { requireActor, type TActor, type TRequestContext } from '../../../platform/context';
import type { TServiceDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { TUploadTarget } from '../../files/files.service';
import type { TPracticesNeeds, TRequirementCheck } from '../engine/types';
import { requiredDocsOf } from '../engine/presenter';
import { findPracticeSector } from '../quotations/quotations.repository';
import type { TPracticeRow } from '../engine/practices.repository';
import type { TPracticesEngine } from '../engine/engine.service';

/** The files subject of a practice's documents (id = the practice's id). */
export const PRACTICE_FILE_SUBJECT = 'practice';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TReceivePracticeUpload = (target: TUploadTarget) => Promise<{ files: TFileItem[] }>;

/**
 * A practice's documents (issue 15): files of the files module attached to the practice (subject 'practice').
 * Whoever reaches the practice reads them; its corner while the practice is not closed, the sector's brokers and
 * admins add, rename and delete them. Uploads go through `POST /api/docs/upload?subjectType=practice&subjectId=<id>
 * &docType=<t>` (no history entry: the files module has no hook) or `POST /api/practices/:sector/:id/documents`
 * (same multipart, with the history entry `document_added`). Gives the engine its `requiredDocuments` check.
 */
export const createPracticeDocumentsService = ({ db }: TServiceDeps, engine: TPracticesEngine, { files, settings }: TPracticesNeeds) => {
  const { internal } = engine;

  const reachById = async (actor: TActor, id: string): Promise<TPracticeRow | null> => {
    if (!UUID.test(id)) return null;
    const sector = await findPracticeSector(db, id);
    if (!sector) return null;
    try {
      return await internal.reach(actor, internal.definitionOf(sector as TSectorSlug), id);
    } catch {
      return null;
    }
  };
  const mayWrite = (actor: TActor, practice: TPracticeRow) => {
    if (actor.role === 'admin' || actor.role === 'broker') return true;
    const definition = internal.definitionOf(practice.sector as TSectorSlug);
    return actor.role === 'corner' && !definition.final.includes(practice.state);
  };

  files.registerSubject(PRACTICE_FILE_SUBJECT, {
    canRead: async (actor, id) => (await reachById(actor, id)) !== null,
    canWrite: async (actor, id) => {
      const practice = await reachById(actor, id);
      return practice !== null && mayWrite(actor, practice);
    },
  });

  /**
   * The `requiredDocuments` requirement (asking for issue; a utility's start of work): a file of every document type
   * the sector's settings (a utility: the chosen offer) mark required, read in the transition's transaction.
   */
  const requireUploaded: TRequirementCheck = async ({ definition, practice, trx }) => {
    const required = (await requiredDocsOf(settings, definition, trx, practice.data)).filter((doc) => doc.required);
    if (required.length === 0) return;
    const uploaded = new Set((await files.subjectRows(PRACTICE_FILE_SUBJECT, practice.id, trx)).map((file) => file.doc_type));
    const missing = required.filter((doc) => !uploaded.has(doc.docType));
    if (missing.length > 0) throw new AppError('CONFLICT', { userMessage: PRACTICE_MSG.missingDocuments(missing.map((doc) => doc.label)) });
  };

  /** The `policyDocuments` requirement (issuing): a file of each of the sector's policy documents (`insurance.policyDocs`). */
  const requirePolicyDocs: TRequirementCheck = async ({ definition, practice, trx }) => {
    const wanted = definition.insurance?.policyDocs ?? [];
    if (wanted.length === 0) return;
    const uploaded = new Set((await files.subjectRows(PRACTICE_FILE_SUBJECT, practice.id, trx)).map((file) => file.doc_type));
    const missing = wanted.filter((doc) => !uploaded.has(doc.docType));
    if (missing.length > 0) throw new AppError('CONFLICT', { userMessage: PRACTICE_MSG.missingPolicyDocuments(missing.map((doc) => doc.label)) });
  };

  return {
    requireUploaded,
    requirePolicyDocs,
    /** The practice's documents, oldest first; another corner's or sector's practice answers like a missing one. */
    list: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TFileItem[]> => {
      const practice = await internal.reach(requireActor(ctx), internal.definitionOf(sector), id);
      return files.listSubject(ctx, PRACTICE_FILE_SUBJECT, practice.id);
    },

    /** Stores uploaded documents on the practice and appends `document_added` (names and doc types) to its history. */
    upload: async (ctx: TRequestContext, sector: TSectorSlug, id: string, docType: string | undefined, receive: TReceivePracticeUpload): Promise<TFileItem[]> => {
      const actor = requireActor(ctx);
      const definition = internal.definitionOf(sector);
      const practice = await internal.reach(actor, definition, id);
      if (!mayWrite(actor, practice)) throw new AppError('CONFLICT', { userMessage: 'La pratica è chiusa: non si possono aggiungere documenti.' });
      const { files: stored } = await receive({ subject: { type: PRACTICE_FILE_SUBJECT, id: practice.id }, docType });
      await db.transaction().execute((trx) =>
        internal.appendEvent(trx, {
          practiceId: practice.id,
          actorId: actor.userId,
          impersonatorId: actor.impersonatorId,
          kind: 'document_added',
          payload: { files: stored.map((file) => ({ path: file.path, name: file.name, docType: file.docType })) },
        }),
      );
      internal.committed({ kind: 'document_added', actor, definition, practice: await internal.reread(sector, practice.id), payload: { files: stored.map((file) => file.path) } });
      return stored;
    },
  };
};

export type TPracticeDocumentsService = ReturnType<typeof createPracticeDocumentsService>;
