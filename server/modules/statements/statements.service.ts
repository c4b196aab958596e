import { Readable } from 'node:stream';
import { practiceDefinition } from '../../../shared/practices/registry';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { getDisplayName } from '../../../shared/rules/display-name';
import {
  monthInItaly,
  monthLabel,
  nextMonth,
  previousMonth,
  STATEMENT_DOC_TYPE,
  STATEMENT_MSG,
  type TStatementFile,
  type TStatementQuery,
} from '../../../shared/schemas/statements';
import { requireActor, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TModuleJob } from '../../platform/module';
import { findUserCards, type TUserCard } from '../auth/users.repository';
import { filePath, idOfPath } from '../files/files.model';
import type { TFilesService } from '../files/files.service';
import { queueEmail } from '../notifications/email-outbox';
import { buildStatementPdf, type TStatementLine } from './statement-pdf';
import * as repo from './statements.repository';

/** The daily pass that queues last month's statements still missing (normally all of them, on the 1st). */
export const STATEMENTS_MONTHLY_JOB = 'statements.monthly';
/** One corner's statement of one month: stored, recorded and e-mailed once (payload: cornerId, month). */
export const STATEMENT_CORNER_JOB = 'statements.corner';

const DOCUMENTS_LINK = '/documenti';

/** Thrown inside the file's transaction when the statement was recorded first elsewhere: the new copy is dropped. */
class StatementRecordedFirst extends Error {}

/** "Fiat Panda AB123CD · polizza n. P-1 · cliente Mario Rossi", or null for an entry of no practice. */
const practiceLabel = (row: repo.TStatementEntryRow): string | null => {
  if (!row.sector) return null;
  let title = '';
  try {
    title = practiceDefinition(row.sector).title(row.data as never);
  } catch {
    // A practice's data the definition no longer reads: the statement still names its policy and client.
  }
  const client = row.client_type ? getDisplayName({ type: row.client_type, name: row.client_name ?? '', surname: row.client_surname ?? '', business: row.client_business ?? '' }) : '';
  return [title, row.policy_number ? `polizza n. ${row.policy_number}` : '', client ? `cliente ${client}` : ''].filter(Boolean).join(' · ') || null;
};

/** Noon (UTC) of a day: the same calendar day in Italy, whatever the season. */
const dayOf = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day, 12));

/**
 * The monthly commission statement of a corner (estratto conto provvigionale): made from the ledger for a calendar
 * month in Italy, drawn as a PDF, and, for a closed month, stored once among the corner's documents and recorded in
 * `ledger_statements` in the same transaction as its file. A corner reads its own, an admin any corner's; brokers
 * have no ledger.
 */
export const createStatementsService = ({ db, config, emailOutbox, jobs }: TServiceDeps, { files }: { files: TFilesService }) => {
  /** The corner the caller may read the statement of: itself, or for an admin the one named. */
  const cornerFor = async (ctx: TRequestContext, cornerId: string | undefined): Promise<TUserCard> => {
    const actor = requireActor(ctx);
    if (actor.role !== 'corner' && actor.role !== 'admin') throw new AppError('FORBIDDEN', { userMessage: STATEMENT_MSG.brokerForbidden });
    if (actor.role === 'admin' && !cornerId) throw new AppError('VALIDATION', { userMessage: STATEMENT_MSG.cornerRequired, fields: { cornerId: [STATEMENT_MSG.cornerRequired] } });
    const id = actor.role === 'admin' ? cornerId! : actor.userId;
    // Another corner's statement answers like a missing corner.
    if (actor.role === 'corner' && cornerId && cornerId !== actor.userId) throw new AppError('NOT_FOUND', { userMessage: STATEMENT_MSG.cornerNotFound });
    const [card] = await findUserCards(db, [id]);
    if (!card || card.role !== 'corner') throw new AppError('NOT_FOUND', { userMessage: STATEMENT_MSG.cornerNotFound });
    return card;
  };

  /** The statement's figures and its PDF. */
  const render = async (corner: TUserCard, month: string, now = new Date()) => {
    const next = nextMonth(month);
    const [opening, rows] = await Promise.all([repo.balanceBefore(db, corner.id, month), repo.entriesOfMonth(db, corner.id, month, next)]);
    const lines: TStatementLine[] = rows.map((row) => ({ date: row.created_at, description: row.description, practice: practiceLabel(row), amountCents: Number(row.amount_cents) }));
    const closing = lines.reduce((sum, line) => sum + line.amountCents, opening);
    const [year, monthNumber] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
    const label = monthLabel(month);
    const bytes = await buildStatementPdf({
      cornerName: getDisplayName(corner),
      month,
      label,
      from: dayOf(year, monthNumber - 1, 1),
      to: dayOf(year, monthNumber, 0),
      openingCents: opening,
      lines,
      closingCents: closing,
      generatedAt: now,
    });
    return { name: STATEMENT_MSG.fileName(label), label, bytes, opening, closing, count: lines.length };
  };

  const mailOf = (corner: TUserCard, figures: { label: string; opening: number; closing: number; count: number }, fileId: string) => ({
    to: corner.email,
    subject: STATEMENT_MSG.mailSubject(figures.label),
    text: [
      `Ciao ${getDisplayName(corner)},`,
      '',
      `è disponibile il tuo estratto conto provvigionale di ${figures.label}: ${figures.count === 1 ? 'un movimento' : `${figures.count} movimenti`}, ` +
        `saldo iniziale ${formatEuroCents(figures.opening)}, saldo finale ${formatEuroCents(figures.closing)}.`,
      '',
      'Lo trovi tra i tuoi documenti:',
      `    ${config.publicUrl}${DOCUMENTS_LINK}`,
      '',
      'o puoi scaricarlo direttamente, dopo aver effettuato l’accesso:',
      `    ${config.publicUrl}/api/docs/file?${new URLSearchParams({ path: filePath(fileId) }).toString()}`,
    ].join('\n'),
  });

  /**
   * The corner's statement of a closed month, stored once: the one recorded, or a new one stored among the corner's
   * documents (not deletable nor renamable) and recorded with `on conflict do nothing` in the file's transaction,
   * with its e-mail when asked; when another run recorded one first, the new copy is dropped and that one answers.
   */
  const stored = async (corner: TUserCard, month: string, options: { email: boolean }): Promise<{ fileId: string; isNew: boolean }> => {
    const existing = await repo.findStatement(db, corner.id, month);
    if (existing) return { fileId: existing.file_id, isNew: false };
    const figures = await render(corner, month);
    try {
      const item = await files.storeFile(
        corner.id,
        Readable.from([Buffer.from(figures.bytes)]),
        { name: figures.name, docType: STATEMENT_DOC_TYPE, allowDelete: false, allowEdit: false },
        async (trx, fileId) => {
          if (!(await repo.insertStatement(trx, { cornerId: corner.id, month, fileId }))) throw new StatementRecordedFirst();
          if (options.email) await queueEmail(trx, mailOf(corner, figures, fileId));
        },
      );
      if (options.email) emailOutbox.kick();
      return { fileId: idOfPath(item.path), isNew: true };
    } catch (error) {
      if (!(error instanceof StatementRecordedFirst)) throw error;
      const winner = await repo.findStatement(db, corner.id, month);
      if (!winner) throw error;
      return { fileId: winner.file_id, isNew: false };
    }
  };

  /** Queues the statements of the month before `now`'s (in Italy) still missing: one job per corner with movements in it. */
  const queueMonth = async (now = new Date()): Promise<{ month: string; queued: number }> => {
    const month = previousMonth(monthInItaly(now));
    let queued = 0;
    for (const cornerId of await repo.cornersToState(db, month, nextMonth(month))) {
      if (await jobs.enqueue(db, STATEMENT_CORNER_JOB, { cornerId, month }, { singletonKey: `${STATEMENT_CORNER_JOB}:${cornerId}:${month}` })) queued += 1;
    }
    if (queued > 0) jobs.kick();
    return { month, queued };
  };

  /** One corner's statement of one month, made by the job: stored, recorded and e-mailed once. */
  const produceForCorner = async ({ cornerId, month }: { cornerId: string; month: string }) => {
    const [corner] = await findUserCards(db, [cornerId]);
    if (!corner || corner.role !== 'corner') return null;
    return stored(corner, month, { email: corner.state !== 'deleted' && corner.email !== '' });
  };

  return {
    /** GET /api/ledger/statement: the PDF of a month (the one in course too, up to now), made from the ledger. */
    download: async (ctx: TRequestContext, query: TStatementQuery): Promise<{ name: string; bytes: Uint8Array }> => {
      const corner = await cornerFor(ctx, query.cornerId);
      const { name, bytes } = await render(corner, query.month);
      return { name, bytes };
    },

    /**
     * statements.produce: a closed month's statement stored among the corner's documents (the one stored already, or
     * made now); the month in course is still open, so it is not stored: its address makes it on demand.
     */
    produce: async (ctx: TRequestContext, query: TStatementQuery): Promise<TStatementFile> => {
      const corner = await cornerFor(ctx, query.cornerId);
      const name = STATEMENT_MSG.fileName(monthLabel(query.month));
      if (query.month >= monthInItaly()) {
        const search = new URLSearchParams({ month: query.month, ...(query.cornerId ? { cornerId: query.cornerId } : {}) });
        return { month: query.month, name, fileId: null, path: null, url: `/api/ledger/statement?${search.toString()}` };
      }
      let { fileId } = await stored(corner, query.month, { email: false });
      // Recorded, but its file was removed since (by an admin): made again.
      const [live] = await files.describe(ctx, [filePath(fileId)]).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return [];
        throw error;
      });
      if (!live) {
        await repo.deleteStatement(db, corner.id, query.month, fileId);
        ({ fileId } = await stored(corner, query.month, { email: false }));
      }
      const path = filePath(fileId);
      return { month: query.month, name, fileId, path, url: `/api/docs/file?${new URLSearchParams({ path }).toString()}` };
    },

    queueMonth,
    produceForCorner,

    /** The jobs of the module: the daily pass (06:00) and the statement of one corner. */
    jobs: (): TModuleJob[] => [
      { name: STATEMENTS_MONTHLY_JOB, handler: async () => void (await queueMonth()), options: { maxAttempts: 3 }, schedule: { dailyAt: '06:00' } },
      { name: STATEMENT_CORNER_JOB, handler: async (payload: { cornerId: string; month: string }) => void (await produceForCorner(payload)), options: { maxAttempts: 5 } },
    ],
  };
};

export type TStatementsService = ReturnType<typeof createStatementsService>;
