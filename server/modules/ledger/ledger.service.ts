import { LEDGER_MSG, type TLedgerEntry, type TLedgerPage, type TLedgerQuery } from '../../../shared/schemas/ledger';
import type { TSectorSlug } from '../../../shared/sectors';
import type { TDb } from '../../db/database';
import { requireActor, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import * as repo from './ledger.repository';

type TRow = Awaited<ReturnType<typeof repo.entriesOfPractices>>[number];

const toEntry = (row: TRow): TLedgerEntry => ({
  id: String(row.id),
  cornerId: row.corner_id,
  practiceId: row.practice_id,
  sector: row.sector as TSectorSlug | null,
  kind: row.kind as TLedgerEntry['kind'],
  amountCents: Number(row.amount_cents),
  description: row.description,
  createdAt: row.created_at,
});

/**
 * The corners' ledger (design "Money"): the parts that earn or take back money append to it inside their own
 * transaction; a corner reads its own entries and balance, an admin anyone's; brokers have no ledger.
 */
export const createLedgerService = ({ db }: Pick<TServiceDeps, 'db'>) => ({
  /** Appends entries inside the caller's transaction (one commission and one clawback per practice at most). */
  append: (trx: TDb, entries: readonly repo.TNewLedgerEntry[]) => repo.appendEntries(trx, entries),

  /** The entries of these practices by practice, oldest first (the caller has checked access to them). */
  ofPractices: async (practiceIds: readonly string[], within: TDb = db): Promise<Map<string, TLedgerEntry[]>> => {
    const byPractice = new Map<string, TLedgerEntry[]>();
    for (const row of await repo.entriesOfPractices(within, practiceIds)) {
      const list = byPractice.get(row.practice_id!) ?? [];
      list.push(toEntry(row));
      byPractice.set(row.practice_id!, list);
    }
    return byPractice;
  },

  /** A page of the caller's entries with the balance (an admin: everyone's, or one corner's). */
  list: async (ctx: TRequestContext, query: TLedgerQuery): Promise<TLedgerPage> => {
    const actor = requireActor(ctx);
    if (actor.role === 'broker') throw new AppError('FORBIDDEN', { userMessage: LEDGER_MSG.brokerForbidden });
    const cornerId = actor.role === 'admin' ? (query.cornerId ?? null) : actor.userId;
    const { rows, total, balanceCents } = await repo.pageOf(db, cornerId, query.page, query.limit);
    return { list: rows.map(toEntry), total, balanceCents };
  },
});

export type TLedgerService = ReturnType<typeof createLedgerService>;
