import type { z } from 'zod';
import type { TFileItem } from '../../../../shared/schemas/files';
import { QUOTATIONS_MSG } from '../../../../shared/schemas/quotations';
import type { TSectorSlug } from '../../../../shared/sectors';
import type { TDb } from '../../../db/database';
import type { TActor, TRequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { TFilesService, TUploadTarget } from '../../files/files.service';
import * as repo from './quotations.repository';
import type { TPracticesEngine } from '../engine/engine.service';

/** The files subject of a quotation's PDF: id = the quotation's id (read: who reaches the practice). */
export const QUOTATION_FILE_SUBJECT = 'practice-quotation';
/** The state in which quotations are added, changed and chosen (insurance sectors). */
export const QUOTING_STATE = 'quotating';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a multipart upload into `target`, checking its `body` part with the schema (routes pass receiveUpload). */
export type TReceiveQuotationUpload = <TBody>(target: TUploadTarget, body: z.ZodType<TBody>) => Promise<{ files: TFileItem[]; body: TBody }>;

/**
 * The quotations' PDFs: files of subject 'practice-quotation' (id = the quotation's id). Whoever reaches the
 * practice reads them; the broker who has the practice (or an admin) changes them while it is in quotation. A
 * new quotation's PDF is stored before the quotation exists: its uploader may attach it meanwhile.
 */
export const createQuotationFiles = (db: TDb, { internal }: TPracticesEngine, files: TFilesService) => {
  /** Uploads under way: quotation id -> the user allowed to attach its PDF before the quotation exists. */
  const pendingUploads = new Map<string, string>();

  // Who reads and changes a quotation's PDF: whoever reaches its practice reads; its quoter changes it.
  files.registerSubject(QUOTATION_FILE_SUBJECT, {
    canRead: async (actor, id) => {
      if (pendingUploads.get(id) === actor.userId) return true;
      if (!UUID.test(id)) return false;
      const owner = await repo.findQuotationPractice(db, id);
      if (!owner) return false;
      try {
        await internal.reach(actor, internal.definitionOf(owner.sector as TSectorSlug), owner.practice_id);
        return true;
      } catch {
        return false;
      }
    },
    canWrite: async (actor, id) => {
      if (pendingUploads.get(id) === actor.userId) return true;
      if (!UUID.test(id) || (actor.role !== 'admin' && actor.role !== 'broker')) return false;
      const owner = await repo.findQuotationPractice(db, id);
      if (!owner) return false;
      try {
        const practice = await internal.reach(actor, internal.definitionOf(owner.sector as TSectorSlug), owner.practice_id);
        return practice.state === QUOTING_STATE && (actor.role === 'admin' || practice.broker_id === actor.userId);
      } catch {
        return false;
      }
    },
  });

  /** Removes PDFs stored for a change that was then refused (the uploader may delete them). */
  const discard = async (ctx: TRequestContext, stored: TFileItem[]) => {
    for (const item of stored) await files.delete(ctx, { path: item.path }).catch(() => undefined);
  };

  /** The one PDF of a multipart request (`file0`), or a refusal (after removing what was stored). */
  const onePdf = async (ctx: TRequestContext, stored: TFileItem[]): Promise<TFileItem> => {
    if (stored.length !== 1 || stored[0]!.mime !== 'application/pdf') {
      await discard(ctx, stored);
      const message = stored.length !== 1 ? QUOTATIONS_MSG.oneFile : QUOTATIONS_MSG.fileNotPdf;
      throw new AppError('VALIDATION', { userMessage: message, fields: { file0: [message] } });
    }
    return stored[0]!;
  };

  /**
   * Reads the quotation and its PDF from a multipart request for quotation `qid` (a new id for a new one), then runs
   * `work`; until it ends the uploader may attach (and, on a refusal, remove) the quotation's files.
   */
  const withUpload = async <T, R>(
    actor: TActor,
    qid: string,
    upload: TReceiveQuotationUpload,
    schema: z.ZodType<T>,
    work: (received: { files: TFileItem[]; body: T }) => Promise<R>,
  ): Promise<R> => {
    pendingUploads.set(qid, actor.userId);
    try {
      return await work(await upload({ subject: { type: QUOTATION_FILE_SUBJECT, id: qid }, docType: 'quotation' }, schema));
    } finally {
      pendingUploads.delete(qid);
    }
  };

  return { withUpload, onePdf, discard };
};
