import { practiceDefinition } from '../../../shared/practices/registry';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { getDisplayName } from '../../../shared/rules/display-name';
import { isBrokerType, isSectorSlug, SECTOR_SLUGS, SECTORS, sectorOfBrokerType, stateLabel, type TSectorSlug } from '../../../shared/sectors';
import {
  STUCK_COUNT_CAP,
  STUCK_MSG,
  STUCK_REASON_LABELS,
  ZStuckQuery,
  ZStuckThresholds,
  type TStuckItem,
  type TStuckPage,
  type TStuckThresholds,
} from '../../../shared/schemas/stuck';
import { requireActor, requireAdmin, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TModuleJob } from '../../platform/module';
import { parseInput } from '../../platform/validate';
import type { TAuthService } from '../auth/auth.service';
import { queueEmails } from '../notifications/email-outbox';
import type { TPracticesService } from '../practices/practices.compose';
import type { TSettingsService } from '../settings/settings.service';
import * as repo from './stuck.repository';

export const STUCK_DIGEST_JOB = 'stuck.daily-digest';
/** Rows a digest lists (the rest are counted). */
const DIGEST_ROWS = 50;
const HOUR_MS = 3_600_000;

type TNeeds = { settings: TSettingsService; auth: TAuthService; practices: TPracticesService };

const PAYMENTS_LINK = '/admin/pagamenti';

/**
 * Stuck work (issue 28): one board, across insurance and utilities, of what has waited past its threshold — requests
 * without a quotation, issues asked and not made, supplies submitted and not worked or past their expected start,
 * practices nobody took, payments waiting for their confirmation. Admins see every sector (and the payments); a
 * broker sees its own sector's practices on its home. An admin hands a practice to another broker of the sector
 * (the engine's `assign`: audited, both brokers told). A daily digest e-mails the admins what crossed a threshold.
 */
export const createStuckService = ({ db, config, emailOutbox, logger }: TServiceDeps, { settings, auth, practices }: TNeeds) => {
  /** The sectors and whether the payments show, for who asks (a broker: its sector only, never the payments). */
  const scopeOf = async (ctx: TRequestContext, sector: TSectorSlug | undefined): Promise<{ sectors: TSectorSlug[]; withPayments: boolean }> => {
    const actor = requireActor(ctx);
    if (actor.role === 'admin') return { sectors: sector ? [sector] : [...SECTOR_SLUGS], withPayments: true };
    if (actor.role !== 'broker') throw new AppError('FORBIDDEN');
    const [me] = await auth.userCards([actor.userId]);
    if (!me || !isBrokerType(me.broker_type)) throw new AppError('FORBIDDEN');
    const own = sectorOfBrokerType(me.broker_type).slug;
    if (sector && sector !== own) throw new AppError('FORBIDDEN');
    return { sectors: [own], withPayments: false };
  };

  const titleOf = (row: repo.TStuckRow): string => {
    if (row.kind === 'payment') return row.description ?? '';
    try {
      return isSectorSlug(row.sector ?? '') ? practiceDefinition(row.sector as TSectorSlug).title(row.data) : row.id;
    } catch {
      return row.id;
    }
  };

  const toItems = async (rows: readonly repo.TStuckRow[], now: Date): Promise<TStuckItem[]> => {
    const cards = await auth.userCards([...new Set(rows.flatMap((row) => [row.corner_id, ...(row.holder_id ? [row.holder_id] : [])]))]);
    const names = new Map(cards.map((card) => [card.id, getDisplayName(card)] as const));
    return rows.map((row) => {
      const sector = row.sector !== null && isSectorSlug(row.sector) ? row.sector : null;
      return {
        kind: row.kind,
        reason: row.reason,
        id: row.id,
        sector,
        title: titleOf(row),
        state: row.state,
        stateLabel: sector ? stateLabel(sector, row.state) : STUCK_REASON_LABELS.paymentPending,
        cornerId: row.corner_id,
        cornerName: names.get(row.corner_id) ?? '',
        holderId: row.holder_id,
        holderName: row.kind === 'payment' ? STUCK_MSG.admins : row.holder_id ? (names.get(row.holder_id) ?? STUCK_MSG.nobody) : STUCK_MSG.nobody,
        since: new Date(row.since),
        waitingHours: Math.floor((now.getTime() - new Date(row.since).getTime()) / HOUR_MS),
        thresholdHours: Number(row.threshold_hours),
        amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
        link: sector ? `${SECTORS[sector].route}/${row.id}` : PAYMENTS_LINK,
      };
    });
  };

  /** The digest of what crossed a threshold in the last 24 hours, to every active admin; answers how many rows it named. */
  const sendDigest = async (now: Date = new Date()): Promise<{ crossed: number; admins: number }> => {
    const thresholds = await settings.getStuckThresholds();
    const selection = { thresholds, sectors: [...SECTOR_SLUGS], withPayments: true, now };
    const rows = await repo.crossedSince(db, selection, DIGEST_ROWS + 1);
    if (rows.length === 0) return { crossed: 0, admins: 0 };
    const items = await toItems(rows.slice(0, DIGEST_ROWS), now);
    const admins = (await auth.activeUsersOfRole('admin')).filter((admin) => admin.email !== '');
    const lines = items.map((item) => {
      const where = item.sector !== null && isSectorSlug(item.sector) ? SECTORS[item.sector].label : 'Pagamenti';
      const money = item.amountCents === null ? '' : ` (${formatEuroCents(item.amountCents)})`;
      return `- ${where}: ${item.title}${money} — ${STUCK_REASON_LABELS[item.reason]}, ${item.stateLabel}, da ${Math.round(item.waitingHours / 24)} giorni; in carico a ${item.holderName}. ${config.publicUrl}${item.link}`;
    });
    if (rows.length > DIGEST_ROWS) lines.push(STUCK_MSG.digestMore(rows.length - DIGEST_ROWS));
    const text = [STUCK_MSG.digestIntro, '', ...lines, '', `${config.publicUrl}/admin/dashboard#lavoro-fermo`].join('\n');
    const subject = STUCK_MSG.digestSubject(rows.length > DIGEST_ROWS ? `oltre ${DIGEST_ROWS}` : String(rows.length), rows.length);
    await db.transaction().execute((trx) => queueEmails(trx, admins.map((admin) => ({ to: admin.email, subject, text }))));
    emailOutbox.kick();
    logger.info({ crossed: rows.length, admins: admins.length }, 'riepilogo del lavoro fermo inviato');
    return { crossed: rows.length, admins: admins.length };
  };

  return {
    /** GET /api/admin/stuck?sector=&page=&limit=: the board, longest waiting first (admins: every sector and the payments; a broker: its sector). */
    list: async (ctx: TRequestContext, input: unknown, now: Date = new Date()): Promise<TStuckPage> => {
      const query = parseInput(ZStuckQuery, input ?? {});
      const scope = await scopeOf(ctx, query.sector);
      const thresholds = await settings.getStuckThresholds();
      const selection = { thresholds, ...scope, now };
      const [rows, count] = await Promise.all([repo.stuckPage(db, selection, { offset: (query.page - 1) * query.limit, limit: query.limit }), repo.stuckCount(db, selection)]);
      const capped = count > STUCK_COUNT_CAP;
      return { list: await toItems(rows, now), total: capped ? STUCK_COUNT_CAP : count, totalCapped: capped, thresholds };
    },

    /** POST /api/admin/practices/:sector/:id/assign {brokerId}: the practice to another broker of its sector (admins). */
    assign: (ctx: TRequestContext, sector: TSectorSlug, id: string, input: unknown) => practices.assign(ctx, sector, id, input),

    /** The thresholds in force (admins). */
    getThresholds: async (ctx: TRequestContext): Promise<TStuckThresholds> => {
      requireAdmin(ctx);
      return settings.getStuckThresholds();
    },

    /** Saves the thresholds (admins), with the settings history and the settings-sync signal. */
    setThresholds: async (ctx: TRequestContext, input: unknown): Promise<TStuckThresholds> => {
      requireAdmin(ctx);
      const value = parseInput(ZStuckThresholds, input);
      await settings.setStuckThresholds(value, ctx);
      return settings.getStuckThresholds();
    },

    sendDigest,

    /** The daily digest at 07:30 (server time). */
    jobs: (): TModuleJob[] => [{ name: STUCK_DIGEST_JOB, handler: async () => void (await sendDigest()), options: { maxAttempts: 3 }, schedule: { dailyAt: '07:30' } }],
  };
};

export type TStuckService = ReturnType<typeof createStuckService>;
