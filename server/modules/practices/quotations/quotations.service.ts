import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { ZQuotationInput, isQuotationStillValid, quotationInputFor, type TAnyQuotationInput } from '../../../../shared/practices/quotation';
import type { TRcaData } from '../../../../shared/practices/rca';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import type { TFileItem } from '../../../../shared/schemas/files';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { QUOTATIONS_MSG, type TQuotation } from '../../../../shared/schemas/quotations';
import type { TSectorSlug } from '../../../../shared/sectors';
import type { TDb } from '../../../db/database';
import { requireActor, type TActor, type TRequestContext } from '../../../platform/context';
import type { TServiceDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { parseInput } from '../../../platform/validate';
import type { TPracticesNeeds, TRequirementCheck } from '../engine/types';
import type { TPracticeRow } from '../engine/practices.repository';
import { QUOTING_STATE, createQuotationFiles, type TReceiveQuotationUpload } from './quotation-files';
import { comparable, toCore, today, type TQuotationCore } from './quotations.map';
import * as repo from './quotations.repository';
import { diffData, type TPracticesEngine } from '../engine/engine.service';

export { QUOTATION_FILE_SUBJECT, type TReceiveQuotationUpload } from './quotation-files';
export type { TQuotationCore } from './quotations.map';

const conflict = (userMessage: string) => new AppError('CONFLICT', { userMessage });
const notFound = () => new AppError('NOT_FOUND', { userMessage: QUOTATIONS_MSG.notFound });

/**
 * The quotations of a practice (issue 15 "Quotations"): the sector's broker who has the practice (a broker adding
 * the first quotation of a practice nobody has takes it) or an admin adds and changes them while the practice is
 * in quotation; its corner (or an admin) chooses one; whoever reaches the practice reads them. Each change appends
 * to the history in its transaction and is told after the commit (notifications). Gives the engine its
 * `chosenQuotation` requirement (`requireChosen`): the quotation named by askEmission's payload, chosen and still valid.
 */
export const createQuotationsService = ({ db }: TServiceDeps, engine: TPracticesEngine, { files, insurers }: TPracticesNeeds) => {
  const { internal } = engine;

  const labelOf = (definition: TAnySectorDefinition, state: string) => (definition.states as Record<string, string>)[state] ?? state;

  /** The quotation schema of this practice: its sector's (RC Auto: a bus needs higher liability limits). */
  const schemaFor = (definition: TAnySectorDefinition, practice: TPracticeRow): z.ZodType<TAnyQuotationInput> => {
    if (definition.quotation?.limits !== 'liability') return (definition.quotation?.input ?? ZQuotationInput) as z.ZodType<TAnyQuotationInput>;
    const vehicle = (practice.data as Partial<TRcaData> | null)?.vehicle;
    return quotationInputFor(vehicle?.type ?? null);
  };

  /** Who may write quotations now: an admin, or the sector's broker who has the practice (taking it when free). */
  const requireQuoter = async (ctx: TRequestContext, actor: TActor, definition: TAnySectorDefinition, practice: TPracticeRow): Promise<TPracticeRow> => {
    if (actor.role !== 'admin' && actor.role !== 'broker') throw new AppError('FORBIDDEN', { userMessage: QUOTATIONS_MSG.onlyBrokerQuotes });
    if (practice.state !== QUOTING_STATE) throw conflict(QUOTATIONS_MSG.notQuotating(labelOf(definition, practice.state)));
    if (actor.role === 'admin' || practice.broker_id === actor.userId) return practice;
    if (practice.broker_id) {
      const name = (await internal.userNames([practice.broker_id])).get(practice.broker_id) ?? PRACTICE_MSG.unknownUser;
      throw new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.takenBy(name) });
    }
    await engine.take(ctx, definition.sector, practice.id);
    return internal.reread(definition.sector, practice.id);
  };

  /** The API's quotations, with their PDFs (read-checked by the files module) and authors' names. */
  const present = async (ctx: TRequestContext, rows: repo.TQuotationRow[]): Promise<TQuotation[]> => {
    const paths = rows.map((row) => row.file_path).filter((path): path is string => Boolean(path));
    const items = paths.length > 0 ? await files.describe(ctx, paths) : [];
    const byPath = new Map(items.map((item) => [item.path, item] as const));
    const names = await internal.userNames(rows.map((row) => row.created_by));
    return rows.map((row) => ({
      ...toCore(row),
      file: (row.file_path && byPath.get(row.file_path)) || null,
      createdByName: names.get(row.created_by) ?? PRACTICE_MSG.unknownUser,
    }));
  };

  const one = async (ctx: TRequestContext, practiceId: string, qid: string) => {
    const row = await repo.findQuotation(db, practiceId, qid);
    if (!row) throw notFound();
    return (await present(ctx, [row]))[0]!;
  };

  const valuesOf = async (input: TAnyQuotationInput): Promise<repo.TQuotationValues> => {
    const insurer = await insurers.resolveQuoted(input.company, input.agency);
    return {
      ...insurer,
      premiumCents: input.premiumCents,
      instalments: input.instalments,
      personInjuryCents: 'personInjuryCents' in input ? input.personInjuryCents : null,
      propertyDamageCents: 'propertyDamageCents' in input ? input.propertyDamageCents : null,
      insuredCents: 'insuredCents' in input ? input.insuredCents : null,
      covers: input.covers,
      conditions: input.conditions,
      validUntil: input.validUntil,
    };
  };

  /** Runs `work` in a transaction while the practice is still in quotation (locked against a concurrent transition). */
  const whileQuotating = <T>(definition: TAnySectorDefinition, practiceId: string, work: (trx: TDb) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      const state = await repo.lockPracticeState(trx, practiceId);
      if (state !== QUOTING_STATE) throw conflict(QUOTATIONS_MSG.notQuotating(labelOf(definition, state ?? QUOTING_STATE)));
      return work(trx);
    });

  const { withUpload, onePdf, discard } = createQuotationFiles(db, engine, files);

  type TCreateSource = { input: unknown } | { upload: TReceiveQuotationUpload };
  type TUpdateSource = { input: unknown } | { upload: TReceiveQuotationUpload };

  return {
    /** The practice's quotations, oldest first; another corner's or sector's practice answers like a missing one. */
    list: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TQuotation[]> => {
      const definition = internal.definitionOf(sector);
      const practice = await internal.reach(requireActor(ctx), definition, id);
      return present(ctx, await repo.listQuotations(db, practice.id));
    },

    /** One quotation of a practice the caller reaches (as the list); another's answers like a missing one. */
    get: async (ctx: TRequestContext, sector: TSectorSlug, id: string, qid: string): Promise<TQuotation> => {
      const practice = await internal.reach(requireActor(ctx), internal.definitionOf(sector), id);
      return one(ctx, practice.id, qid);
    },

    /**
     * A new quotation, from a JSON input or a multipart upload (the PDF as `file0`, the quotation as the `body`
     * part, checked before the PDF is recorded).
     */
    create: async (ctx: TRequestContext, sector: TSectorSlug, id: string, source: TCreateSource): Promise<TQuotation> => {
      const actor = requireActor(ctx);
      const definition = internal.definitionOf(sector);
      const practice = await requireQuoter(ctx, actor, definition, await internal.reach(actor, definition, id));
      const schema = schemaFor(definition, practice);
      const qid = randomUUID();
      const store = async (input: TAnyQuotationInput, file: TFileItem | null) => {
        try {
          const values = await valuesOf(input);
          await whileQuotating(definition, practice.id, async (trx) => {
            await repo.insertQuotation(trx, { ...values, id: qid, practiceId: practice.id, createdBy: actor.userId, filePath: file?.path ?? null });
            await internal.appendEvent(trx, {
              practiceId: practice.id,
              actorId: actor.userId,
              impersonatorId: actor.impersonatorId,
              kind: 'quotation_added',
              payload: { quotationId: qid, companyName: values.companyName, premiumCents: values.premiumCents },
            });
          });
        } catch (error) {
          if (file) await discard(ctx, [file]);
          throw error;
        }
      };
      if ('upload' in source) {
        await withUpload(actor, qid, source.upload, schema, async (received) => store(received.body, await onePdf(ctx, received.files)));
      } else {
        await store(parseInput(schema, source.input), null);
      }
      internal.committed({ kind: 'quotation_added', actor, definition, practice: await internal.reread(sector, practice.id), payload: { quotationId: qid } });
      return one(ctx, practice.id, qid);
    },

    /**
     * The whole quotation again (and a new PDF with a multipart request). A changed quotation is no longer chosen:
     * the corner chooses again what it now says.
     */
    update: async (ctx: TRequestContext, sector: TSectorSlug, id: string, qid: string, source: TUpdateSource): Promise<TQuotation> => {
      const actor = requireActor(ctx);
      const definition = internal.definitionOf(sector);
      const reached = await internal.reach(actor, definition, id);
      const current = await repo.findQuotation(db, reached.id, qid);
      if (!current) throw notFound();
      const practice = await requireQuoter(ctx, actor, definition, reached);
      const schema = schemaFor(definition, practice);
      let changes: ReturnType<typeof diffData> = [];
      const store = async (input: TAnyQuotationInput, file: TFileItem | undefined) => {
        try {
          const values = await valuesOf(input);
          await whileQuotating(definition, practice.id, async (trx) => {
            const updated = await repo.updateQuotation(trx, practice.id, qid, values, file?.path);
            if (!updated) throw notFound();
            changes = diffData(comparable(toCore(current)), comparable(toCore(updated)));
            if (file) changes.push({ path: 'file', from: current.file_path, to: file.path });
            await internal.appendEvent(trx, {
              practiceId: practice.id,
              actorId: actor.userId,
              impersonatorId: actor.impersonatorId,
              kind: 'quotation_changed',
              changes,
              payload: { quotationId: qid, companyName: values.companyName, unchosen: current.chosen },
            });
          });
        } catch (error) {
          if (file) await discard(ctx, [file]);
          throw error;
        }
      };
      if ('upload' in source) {
        await withUpload(actor, qid, source.upload, schema, async (received) => store(received.body, await onePdf(ctx, received.files)));
      } else {
        await store(parseInput(schema, source.input), undefined);
      }
      internal.committed({ kind: 'quotation_changed', actor, definition, practice: await internal.reread(sector, practice.id), payload: { quotationId: qid, changes } });
      return one(ctx, practice.id, qid);
    },

    /** The corner of the practice (or an admin) chooses one still valid quotation; the others are no longer chosen. */
    choose: async (ctx: TRequestContext, sector: TSectorSlug, id: string, qid: string): Promise<TQuotation[]> => {
      const actor = requireActor(ctx);
      const definition = internal.definitionOf(sector);
      const practice = await internal.reach(actor, definition, id);
      const quotation = await repo.findQuotation(db, practice.id, qid);
      if (!quotation) throw notFound();
      if (actor.role !== 'corner' && actor.role !== 'admin') throw new AppError('FORBIDDEN', { userMessage: QUOTATIONS_MSG.onlyCornerChooses });
      if (practice.state !== QUOTING_STATE) throw conflict(QUOTATIONS_MSG.notQuotating(labelOf(definition, practice.state)));
      if (!isQuotationStillValid({ validUntil: quotation.valid_until }, today())) throw conflict(QUOTATIONS_MSG.expired);
      if (!quotation.chosen) {
        const previous = await repo.findChosenQuotation(db, practice.id);
        await whileQuotating(definition, practice.id, async (trx) => {
          await repo.chooseQuotation(trx, practice.id, qid);
          await internal.appendEvent(trx, {
            practiceId: practice.id,
            actorId: actor.userId,
            impersonatorId: actor.impersonatorId,
            kind: 'quotation_chosen',
            payload: { quotationId: qid, previousId: previous?.id ?? null, companyName: quotation.company_name, premiumCents: Number(quotation.premium_cents) },
          });
        });
        internal.committed({ kind: 'quotation_chosen', actor, definition, practice: await internal.reread(sector, practice.id), payload: { quotationId: qid } });
      }
      return present(ctx, await repo.listQuotations(db, practice.id));
    },

    /**
     * The chosen quotation of a practice, unchecked (for the engine's own parts: the payment request's premium,
     * the commission base), read in `trx` when given; null when none is chosen.
     */
    chosen: async (trx: TDb, practiceId: string): Promise<TQuotationCore | null> => {
      const row = await repo.findChosenQuotation(trx, practiceId);
      return row ? toCore(row) : null;
    },

    /**
     * The `chosenQuotation` requirement of asking for issue: the quotation the payload names is the chosen one and
     * still valid, read in the transition's transaction (the practice's row is locked, and every change of its
     * quotations locks it first, so none can change between this check and the payment request).
     */
    requireChosen: (async ({ practice, payload, trx }) => {
      const chosen = await repo.findChosenQuotation(trx, practice.id);
      if (!chosen) throw conflict(PRACTICE_MSG.chooseQuotation);
      if (payload.quotationId !== chosen.id) throw conflict(QUOTATIONS_MSG.chosenMismatch);
      if (!isQuotationStillValid({ validUntil: chosen.valid_until }, today())) throw conflict(QUOTATIONS_MSG.expired);
    }) satisfies TRequirementCheck,
  };
};

export type TQuotationsService = ReturnType<typeof createQuotationsService>;
