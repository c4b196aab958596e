import type { TNews } from '../../../shared/schemas/data';
import { isNewsWindowInvalid, NEWS_MSG, newsStateAt, ZNewsInput, ZNewsPatch, type TAdminNews, type TNewsChange, type TNewsInput, type TNewsPatch } from '../../../shared/schemas/news';
import type { TDb } from '../../db/database';
import type { TRequestContext } from '../../platform/context';
import { requireActor, requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TModuleJob } from '../../platform/module';
import { parseInput } from '../../platform/validate';
import { openBusStream } from '../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../realtime/session-events';
import * as repo from './news.repository';

export type TNewsService = ReturnType<typeof createNewsService>;

/** Internal bus topic: the live news changed (an admin's action, or a start or end reached). */
export const NEWS_TOPIC = 'news';

/** Announces the starts and ends of scheduled news: at each one's moment, and every minute as a safety net. */
export const NEWS_SCHEDULE_JOB = 'news.schedule';

const MAX_LIVE = 100;
const MAX_ADMIN = 500;

type TNewsRow = NonNullable<Awaited<ReturnType<typeof repo.findNews>>>;

const toAdminNews = (row: TNewsRow, now: Date): TAdminNews => {
  const item = { publishFrom: row.published_at, publishUntil: row.publish_until };
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    publishFrom: row.published_at,
    publishUntil: row.publish_until,
    pinned: row.pinned,
    state: newsStateAt(item, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

const notFound = () => new AppError('NOT_FOUND', { userMessage: NEWS_MSG.notFound });

export const createNewsService = ({ db, bus, jobs }: TServiceDeps) => {
  const announce = () => bus.publish(NEWS_TOPIC, { at: Date.now() } satisfies TNewsChange);

  /**
   * What a save records about the schedule: a start or end already reached counts as announced (the save itself is
   * announced); one to come gets a job at its moment.
   */
  const scheduleOf = async (trx: TDb, from: Date, until: Date | null, now: Date) => {
    for (const at of [from, until]) if (at && at > now) await jobs.enqueue(trx, NEWS_SCHEDULE_JOB, {}, { runAt: at });
    return { live_announced_at: from <= now ? now : null, expiry_announced_at: until && until <= now ? now : null };
  };

  /** Tells the connected users when news went live or expired since the last look; answers how many. */
  const announceReachedBoundaries = async (): Promise<number> => {
    const count = await repo.markReachedBoundaries(db, new Date());
    if (count > 0) await announce();
    return count;
  };

  return {
    /** The news live now (started, not ended), pinned first, then newest first: the ticker, GET /api/news. */
    list: async (ctx: TRequestContext): Promise<TNews[]> => {
      requireActor(ctx);
      return repo.listLiveNews(db, new Date(), MAX_LIVE);
    },

    /** Every news item, live, scheduled or expired (admins). */
    listAll: async (ctx: TRequestContext): Promise<TAdminNews[]> => {
      requireAdmin(ctx);
      const now = new Date();
      return (await repo.listAllNews(db, MAX_ADMIN)).map((row) => toAdminNews(row, now));
    },

    /** One news item, live, scheduled or expired (admins). */
    get: async (ctx: TRequestContext, id: string): Promise<TAdminNews> => {
      requireAdmin(ctx);
      const row = await repo.findNews(db, id);
      if (!row) throw notFound();
      return toAdminNews(row, new Date());
    },

    /** Writes a news item (admins); live at once unless `publishFrom` is to come. Connected users see it. */
    create: async (ctx: TRequestContext, raw: TNewsInput): Promise<TAdminNews> => {
      const actor = requireAdmin(ctx);
      const input = parseInput(ZNewsInput, raw);
      const now = new Date();
      const from = input.publishFrom ?? now;
      const until = input.publishUntil ?? null;
      const row = await db.transaction().execute(async (trx) =>
        repo.insertNews(trx, {
          title: input.title,
          text: input.text,
          published_at: from,
          publish_until: until,
          pinned: input.pinned,
          created_by: actor.impersonatorId ?? actor.userId,
          ...(await scheduleOf(trx, from, until, now)),
        }),
      );
      jobs.kick();
      await announce();
      return toAdminNews(row, new Date());
    },

    /** Changes the given fields of a news item (admins); the window is checked with the stored values. */
    update: async (ctx: TRequestContext, id: string, raw: TNewsPatch): Promise<TAdminNews> => {
      requireAdmin(ctx);
      const patch = parseInput(ZNewsPatch, raw);
      const now = new Date();
      const row = await db.transaction().execute(async (trx) => {
        const current = await repo.findNews(trx, id);
        if (!current) throw notFound();
        const from = patch.publishFrom ?? current.published_at;
        const until = patch.publishUntil === undefined ? current.publish_until : patch.publishUntil;
        if (isNewsWindowInvalid(from, until)) {
          throw new AppError('VALIDATION', { userMessage: NEWS_MSG.untilAfterFrom, fields: { publishUntil: [NEWS_MSG.untilAfterFrom] } });
        }
        const isRescheduled = from.getTime() !== current.published_at.getTime() || (until?.getTime() ?? null) !== (current.publish_until?.getTime() ?? null);
        return repo.updateNews(trx, id, {
          title: patch.title,
          text: patch.text,
          pinned: patch.pinned,
          published_at: from,
          publish_until: until,
          ...(isRescheduled ? await scheduleOf(trx, from, until, now) : {}),
        });
      });
      if (!row) throw notFound();
      jobs.kick();
      await announce();
      return toAdminNews(row, new Date());
    },

    /** Deletes a news item for good (admins); it leaves the tickers at once. */
    remove: async (ctx: TRequestContext, id: string): Promise<{ message: string }> => {
      requireAdmin(ctx);
      if (!(await repo.deleteNews(db, id))) throw notFound();
      await announce();
      return { message: NEWS_MSG.deleted };
    },

    announceReachedBoundaries,

    /** The schedule job: enqueued at each start and end to come, and run every minute in case one was missed. */
    job: (): TModuleJob => ({
      name: NEWS_SCHEDULE_JOB,
      handler: async () => void (await announceReachedBoundaries()),
      options: { maxAttempts: 3 },
      schedule: { everyMs: 60_000 },
    }),

    /**
     * Signals that the live news changed, for the caller's ticker: one at once after a reconnect (`lastEventId` set:
     * it may have missed some), then one per change. Ends when `signal` aborts; fails once the session ends.
     */
    watch: (ctx: TRequestContext, options: { lastEventId?: string | null; signal?: AbortSignal }): AsyncGenerator<TNewsChange> => {
      const actor = requireActor(ctx);
      const stream = openBusStream(bus, [NEWS_TOPIC, SESSIONS_TOPIC], { signal: options.signal });
      const isReconnect = options.lastEventId !== undefined && options.lastEventId !== null;
      return (async function* () {
        if (isReconnect) yield { at: Date.now() };
        for await (const { topic, payload } of stream) {
          if (topic === SESSIONS_TOPIC) {
            if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
            continue;
          }
          yield { at: (payload as TNewsChange).at };
        }
      })();
    },
  };
};
