import {
  LEDGER_MSG,
  REVERSIBLE_KINDS,
  type TLedgerCorrectionInput,
  type TLedgerEntry,
  type TLedgerKind,
  type TLedgerPage,
  type TLedgerQuery,
  type TLedgerReversalInput,
  type TLedgerSummary,
} from '../../../shared/schemas/ledger';
import { addMonthsIso } from '../../../shared/practices/utility-offers';
import { getDisplayName } from '../../../shared/rules/display-name';
import { italianDayStart, nextDay, todayInItaly } from '../../../shared/rules/italian-day';
import { REFERRAL_MSG } from '../../../shared/schemas/referrals';
import type { TSectorSlug } from '../../../shared/sectors';
import type { TDb } from '../../db/database';
import { requireActor, requireAdmin, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { findUserCards } from '../auth/users.repository';
import { referrersOf } from '../referrals/referrals.repository';
import type { TSettingsService } from '../settings/settings.service';
import * as repo from './ledger.repository';

type TRow = Awaited<ReturnType<typeof repo.entriesOfPractices>>[number];

const toEntry = (row: TRow): TLedgerEntry => ({
  id: String(row.id),
  cornerId: row.corner_id,
  practiceId: row.practice_id,
  sector: row.sector as TSectorSlug | null,
  kind: row.kind as TLedgerKind,
  amountCents: Number(row.amount_cents),
  description: row.description,
  createdAt: row.created_at,
  availableOn: row.available_on,
  reversesId: row.reverses_id === null ? null : String(row.reverses_id),
  reversed: Boolean(row.reversed),
  payoutId: row.payout_id,
});

const entryUnknown = () => new AppError('NOT_FOUND', { userMessage: LEDGER_MSG.entryUnknown });

/**
 * The corners' ledger (design "Money"): the parts that earn or take back money append to it inside their own
 * transaction; a corner reads its own entries and balance, an admin anyone's and books corrections and reversals
 * (never an update); brokers have no ledger. What a payout may take is the balance less the commissions still
 * inside their clawback window.
 */
/** The job that tells a referrer of its new share, enqueued with the share (so after its commit). */
export const REFERRAL_SHARE_JOB = 'referrals.share-notify';
export type TReferralShareJob = { referrerId: string; refereeId: string; amountCents: number };

export const createLedgerService = ({ db, jobs }: Pick<TServiceDeps, 'db' | 'jobs'>, { settings }: { settings: TSettingsService }) => {
  /**
   * What follows entries just written, in the same transaction: a referral's commission within its period earns
   * its referrer a share (told by a job after the commit); a commission netted out (clawback, reversal) takes its
   * open shares back.
   */
  const consequences = async (trx: TDb, written: Awaited<ReturnType<typeof repo.appendEntries>>) => {
    const follow: repo.TNewLedgerEntry[] = [];
    const commissions = written.filter((row) => row.kind === 'commission' && Number(row.amount_cents) > 0);
    if (commissions.length > 0) {
      const referrers = new Map((await referrersOf(trx, [...new Set(commissions.map((row) => row.corner_id))])).map((row) => [row.referee_id, row] as const));
      if (referrers.size > 0) {
        const rules = await settings.getReferralSettings(trx);
        const today = todayInItaly();
        const names = new Map((await findUserCards(trx, [...referrers.keys()])).map((card) => [card.id, getDisplayName(card)] as const));
        for (const commission of commissions) {
          const referral = referrers.get(commission.corner_id);
          if (!referral) continue;
          // Within `months` from the registration: shares on commissions earned before that day's anniversary.
          if (today >= addMonthsIso(todayInItaly(referral.created_at), rules.months)) continue;
          const amountCents = Math.round((Number(commission.amount_cents) * rules.percent) / 100);
          if (amountCents <= 0) continue;
          follow.push({
            cornerId: referral.referrer_id,
            practiceId: commission.practice_id,
            sector: commission.sector,
            kind: 'referral',
            amountCents,
            description: REFERRAL_MSG.shareDescription(names.get(commission.corner_id) ?? '', commission.description),
            actorId: null,
            availableOn: commission.available_on,
            sourceEntryId: String(commission.id),
          });
          await jobs.enqueue(trx, REFERRAL_SHARE_JOB, { referrerId: referral.referrer_id, refereeId: commission.corner_id, amountCents } satisfies TReferralShareJob);
        }
      }
    }
    const netted = written.flatMap((row) => (row.reverses_id !== null && (row.kind === 'clawback' || row.kind === 'reversal') ? [String(row.reverses_id)] : []));
    for (const share of await repo.openSharesOf(trx, netted)) {
      follow.push({
        cornerId: share.corner_id,
        practiceId: share.practice_id,
        sector: share.sector,
        kind: 'reversal',
        amountCents: -Number(share.amount_cents),
        description: LEDGER_MSG.reversalDescription(share.description, LEDGER_MSG.shareTakenBack),
        actorId: null,
        reversesId: String(share.id),
      });
    }
    if (follow.length > 0) await append(trx, follow);
  };

  const append = async (trx: TDb, entries: readonly repo.TNewLedgerEntry[]) => {
    const written = await repo.appendEntries(trx, entries);
    await consequences(trx, written);
    return written;
  };

  /** Whose ledger the caller reads: its own (a corner), anyone's or everyone's (an admin); brokers none. */
  const scopeOf = (ctx: TRequestContext, cornerId: string | undefined): string | null => {
    const actor = requireActor(ctx);
    if (actor.role === 'broker') throw new AppError('FORBIDDEN', { userMessage: LEDGER_MSG.brokerForbidden });
    return actor.role === 'admin' ? (cornerId ?? null) : actor.userId;
  };

  /** The corner an admin books on must be a corner (another kind of account answers like a missing one). */
  const requireCorner = async (cornerId: string, within: TDb) => {
    const [card] = await findUserCards(within, [cornerId]);
    if (!card || card.role !== 'corner') throw new AppError('NOT_FOUND', { userMessage: LEDGER_MSG.cornerUnknown });
    return card;
  };

  return {
    /**
     * Appends entries inside the caller's transaction (one commission and one clawback per practice at most), with
     * their consequences: referral shares, and the shares a netted commission takes back.
     */
    append,

    /** What a referrer earned from each of its referrals (net of reversals), by the referral's id. */
    referralEarnings: (referrerId: string) => repo.referralEarningsOf(db, referrerId),

    /** Locks a corner's money inside the caller's transaction (payouts, reversals: read then write). */
    lockCorner: (trx: TDb, cornerId: string) => repo.lockCorner(trx, cornerId),

    /** Balance, held and available of a corner, read inside the caller's transaction (after `lockCorner`). */
    balancesOf: (cornerId: string, within: TDb = db) => repo.balancesOf(within, cornerId, todayInItaly()),

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

    /** A page of the caller's entries (filtered by kind and Italian days) with the balance of all of them. */
    list: async (ctx: TRequestContext, query: TLedgerQuery): Promise<TLedgerPage> => {
      const cornerId = scopeOf(ctx, query.cornerId);
      const filter: repo.TPageFilter = {
        cornerId,
        kind: query.kind,
        fromUtc: query.from ? italianDayStart(query.from) : undefined,
        toUtc: query.to ? italianDayStart(nextDay(query.to)) : undefined,
      };
      const [{ rows, total }, balances] = await Promise.all([repo.pageOf(db, filter, query.page, query.limit), repo.balancesOf(db, cornerId, todayInItaly())]);
      return { list: rows.map(toEntry), total, ...balances };
    },

    /** One entry of the caller's ledger (an admin: of any); another corner's answers like a missing one. */
    get: async (ctx: TRequestContext, id: string): Promise<TLedgerEntry> => {
      const cornerId = scopeOf(ctx, undefined);
      const row = await repo.entryById(db, id);
      if (!row || (cornerId !== null && row.corner_id !== cornerId)) throw entryUnknown();
      return toEntry(row);
    },

    /** Earnings of the last twelve months by month and sector (the chart of `/pagamenti`). */
    summary: async (ctx: TRequestContext, query: { cornerId?: string }): Promise<TLedgerSummary> => {
      const cornerId = scopeOf(ctx, query.cornerId);
      const today = todayInItaly();
      const since = italianDayStart(`${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`);
      const rows = await repo.summaryOf(db, cornerId, since);
      return {
        months: rows.map((row) => ({ month: row.month, sector: row.sector as TSectorSlug | null, kind: row.kind as 'commission' | 'referral', amountCents: Number(row.amount) })),
      };
    },

    /** `POST /api/admin/ledger`: a correction with its reason, booked on a corner's ledger. */
    correct: async (ctx: TRequestContext, input: TLedgerCorrectionInput): Promise<TLedgerEntry> => {
      const actor = requireAdmin(ctx);
      return db.transaction().execute(async (trx) => {
        await requireCorner(input.cornerId, trx);
        await repo.lockCorner(trx, input.cornerId);
        const [written] = await append(trx, [
          { cornerId: input.cornerId, practiceId: null, sector: null, kind: 'correction', amountCents: input.amountCents, description: input.description, actorId: actor.userId },
        ]);
        const row = await repo.entryById(trx, String(written!.id));
        return toEntry(row!);
      });
    },

    /**
     * `POST /api/admin/ledger/:id/reverse`: a mistake undone by the entry that nets it out (never an update), once;
     * a commission's open referral share goes with it.
     */
    reverse: async (ctx: TRequestContext, input: TLedgerReversalInput): Promise<TLedgerEntry> => {
      const actor = requireAdmin(ctx);
      return db.transaction().execute(async (trx) => {
        const target = await repo.entryById(trx, input.entryId);
        if (!target) throw entryUnknown();
        await repo.lockCorner(trx, target.corner_id);
        if (!REVERSIBLE_KINDS.includes(target.kind as TLedgerKind)) throw new AppError('CONFLICT', { userMessage: LEDGER_MSG.notReversible });
        const fresh = await repo.entryById(trx, input.entryId);
        if (fresh!.reversed) throw new AppError('CONFLICT', { userMessage: LEDGER_MSG.alreadyReversed });
        const [written] = await append(trx, [
          {
            cornerId: target.corner_id,
            practiceId: target.practice_id,
            sector: target.sector,
            kind: 'reversal',
            amountCents: -Number(target.amount_cents),
            description: LEDGER_MSG.reversalDescription(target.description, input.reason),
            actorId: actor.userId,
            reversesId: String(target.id),
          },
        ]);
        return toEntry((await repo.entryById(trx, String(written!.id)))!);
      });
    },
  };
};

export type TLedgerService = ReturnType<typeof createLedgerService>;
