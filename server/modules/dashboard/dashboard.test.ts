import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { gplDefinition } from '../../../shared/practices/gpl';
import { luceGasDefinition } from '../../../shared/practices/luce-e-gas';
import { addMonthsIso } from '../../../shared/practices/utility-offers';
import { todayInItaly } from '../../../shared/rules/italian-day';
import { addDays, DASHBOARD_MSG, type TDashboard } from '../../../shared/schemas/dashboard';
import { SECTOR_SLUGS, SECTORS } from '../../../shared/sectors';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { PASSWORD, practicesFixtures, url, type TUser } from '../practices/testing/practices.fixtures';
import { dayBlocks, histogramMedian, rebuildRollups, rollupSnapshot } from './dashboard.repository';

// Issue 28: the admin dashboard's figures equal counts made here, by SQL written in the test, from the same rows; the
// practices are created and moved through their states through the public API.
const t = useTestApp();
const { call, staff, corner, clientOf, createPractice, signContract, transition, uploadDocs, quoteAndChoose, uploadPolicyDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Dashboard', {
  rcaPack: 'waived',
});
const TODAY = todayInItaly();
const LG = '/api/practices/luce-e-gas';

/** RC Auto: one issued (premium 456,78 €), one refused, one still in quotation; luce e gas: one activated; GPL: one waiting; one opened 40 days ago. */
const world = async () => {
  const a = await corner('a@example.it', 'Anna');
  const rca = await staff('rca@example.it', 'broker', 'RC Auto', 'Rocco');
  const lg = await staff('lg@example.it', 'broker', 'luce e gas', 'Lucio');
  const admin = await staff('admin@example.it', 'admin', undefined, 'Ada');
  await signContract(a);
  const clientA = await clientOf(a.id);
  const take = async (who: TUser, path: string) => expect((await call('POST', `${path}/take`, who.cookie)).statusCode).toBe(200);

  const issued = await createPractice(a, clientA);
  await uploadDocs(a, issued.id);
  await take(rca, url(issued.id));
  const quotationId = await quoteAndChoose(rca, a, issued.id, 45_678);
  expect((await transition(a, issued.id, { to: 'askEmission', quotationId })).statusCode).toBe(200);
  await uploadPolicyDocs(rca, issued.id);
  const emitted = await transition(rca, issued.id, { to: 'emitted', policyNumber: 'POL-1', effectiveDate: TODAY, expiryDate: addMonthsIso(TODAY, 12) });
  expect(emitted.statusCode, emitted.body).toBe(200);

  const refused = await createPractice(a, clientA);
  await take(rca, url(refused.id));
  expect((await transition(rca, refused.id, { to: 'notEmitted', reason: 'Il veicolo non è assicurabile.' })).statusCode).toBe(200);
  await createPractice(a, clientA);

  const create = async () => {
    const created = await call('POST', LG, a.cookie, { clientId: clientA, data: luceGasDefinition.example });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { id: string }).id;
  };
  const activated = await create();
  await uploadDocs(a, activated, luceGasDefinition.example.offer.docs.filter((doc) => doc.required).map((doc) => doc.docType), 'luce-e-gas');
  await take(lg, `${LG}/${activated}`);
  const move = (body: object) => call('POST', `${LG}/${activated}/transition`, lg.cookie, body);
  expect((await move({ to: 'processing' })).statusCode).toBe(200);
  expect((await move({ to: 'activated', activationDate: TODAY })).statusCode).toBe(200);
  const waiting = await call('POST', '/api/practices/gpl', a.cookie, { clientId: clientA, data: gplDefinition.example });
  expect(waiting.statusCode, waiting.body).toBe(201);

  // Opened 40 days ago: the previous period's (a practice's own row may be dated; its history is append-only).
  const old = await createPractice(a, clientA);
  await t.database.db.updateTable('practices').set({ created_at: sql`now() - interval '40 days'` }).where('id', '=', old.id).execute();

  // Money: a clawback in the ledger beside the commissions the engine wrote; a payment declared; a payout asked for.
  await t.database.db.insertInto('ledger_entries').values({ corner_id: a.id, kind: 'clawback', amount_cents: -1_234, description: 'Storno di prova' }).execute();
  return { a, rca, lg, admin };
};

const dashboard = async (who: TUser, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TDashboard;
};

/** Counts written here, independently of the dashboard's repository: [start, end) of the days in Italy. */
const expected = async (from: string, to: string) => {
  const db = t.database.db;
  const start = sql`(${from}::date::timestamp at time zone 'Europe/Rome')`;
  const end = sql`((${to}::date + 1)::timestamp at time zone 'Europe/Rome')`;
  const opened = await sql<{ sector: string; n: string }>`select sector, count(*) as n from practices where created_at >= ${start} and created_at < ${end} group by sector`.execute(db);
  const reached = await sql<{ sector: string; to_state: string; n: string }>`
    select p.sector, e.to_state, count(*) as n from practice_events e join practices p on p.id = e.practice_id
    where e.to_state in ('emitted', 'activated') and e.at >= ${start} and e.at < ${end} group by p.sector, e.to_state`.execute(db);
  const open = await sql<{ sector: string; n: string }>`
    select sector, count(*) as n from practices
    where not ((sector in ('rca', 'altri-rami', 'fideiussioni') and state in ('emitted', 'notEmitted')) or (sector in ('luce-e-gas', 'gpl') and state = 'ceased'))
    group by sector`.execute(db);
  const weekly = await sql<{ week: string; sector: string; opened: string; issued: string; activated: string }>`
    select week, sector, sum(o) as opened, sum(i) as issued, sum(a) as activated from (
      select to_char(created_at at time zone 'Europe/Rome', 'IYYY-"W"IW') as week, sector, 1 as o, 0 as i, 0 as a from practices where created_at >= ${start} and created_at < ${end}
      union all
      select to_char(e.at at time zone 'Europe/Rome', 'IYYY-"W"IW'), p.sector, 0, case when e.to_state = 'emitted' then 1 else 0 end, case when e.to_state = 'activated' then 1 else 0 end
      from practice_events e join practices p on p.id = e.practice_id where e.to_state in ('emitted', 'activated') and e.at >= ${start} and e.at < ${end}
    ) x group by week, sector order by week, sector`.execute(db);
  const count = (rows: { sector: string; n: string }[], sector: string) => Number(rows.find((row) => row.sector === sector)?.n ?? 0);
  const bySector = Object.fromEntries(
    SECTOR_SLUGS.map((sector) => [
      sector,
      {
        opened: count(opened.rows, sector),
        issued: count(reached.rows.filter((row) => row.to_state === 'emitted'), sector),
        activated: count(reached.rows.filter((row) => row.to_state === 'activated'), sector),
        open: count(open.rows, sector),
      },
    ]),
  );
  return {
    bySector,
    weekly: weekly.rows.map((row) => ({ week: row.week, sector: row.sector, opened: Number(row.opened), issued: Number(row.issued), activated: Number(row.activated) })),
  };
};

const bySlugOrder = <T extends { week: string; sector: string }>(rows: T[]) =>
  [...rows].sort((x, y) => x.week.localeCompare(y.week) || SECTOR_SLUGS.indexOf(x.sector as never) - SECTOR_SLUGS.indexOf(y.sector as never));

describe('admin dashboard', () => {
  it('counts per sector and per ISO week what SQL counts from the same rows, for the period and the one before', async () => {
    const { admin } = await world();
    const body = await dashboard(admin);
    const from = addDays(TODAY, -29);
    expect(body.current.period).toEqual({ from, to: TODAY });
    expect(body.previous.period).toEqual({ from: addDays(TODAY, -59), to: addDays(TODAY, -30) });

    const now = await expected(from, TODAY);
    expect(body.current.bySector).toEqual(now.bySector);
    expect(body.current.weekly).toEqual(bySlugOrder(now.weekly));
    const before = await expected(body.previous.period.from, body.previous.period.to);
    expect(body.previous.bySector).toEqual(before.bySector);
    expect(body.previous.weekly).toEqual(bySlugOrder(before.weekly));

    // The world, read plainly: what the SQL above must also have found.
    expect(body.current.bySector.rca).toEqual({ opened: 3, issued: 1, activated: 0, open: 2 });
    expect(body.current.bySector['luce-e-gas']).toMatchObject({ issued: 0, activated: 1 });
    expect(body.previous.bySector.rca.opened).toBe(1);
    expect(body.current.premiumsCents).toBe(45_678);
    expect(body.previous.premiumsCents).toBe(0);
    expect(body.current.conversion.rca).toEqual({ opened: 3, converted: 1, rate: 1 / 3 });
    expect(body.current.conversion['luce-e-gas'].converted).toBe(1);
    expect(body.current.newCorners).toBe(1);
    expect(body.previous.newCorners).toBe(0);
    expect(body.current.newCornersByTier).toEqual({ bronze: 0, silver: 0, gold: 1 });
    // New corners by tier equal what SQL counts from the users of the period.
    await t.createUser({ email: 'bronzo@example.it', password: PASSWORD, tier: 'bronze' });
    await t.createUser({ email: 'argento@example.it', password: PASSWORD, tier: 'silver' });
    await t.createUser({ email: 'argento2@example.it', password: PASSWORD, tier: 'silver' });
    const tiers = await sql<{ tier: string; n: string }>`select tier, count(*) as n from users where role = 'corner' and created_at >= now() - interval '29 days' group by tier`.execute(t.database.db);
    const counted = Object.fromEntries(tiers.rows.map((row) => [row.tier, Number(row.n)]));
    const later = await dashboard(admin);
    expect(later.current.newCornersByTier).toEqual({ bronze: counted.bronze ?? 0, silver: counted.silver ?? 0, gold: counted.gold ?? 0 });
    expect(later.current.newCornersByTier).toEqual({ bronze: 1, silver: 2, gold: 1 });
    expect(later.current.newCorners).toBe(4);
    expect(body.now.openByState).toEqual(expect.arrayContaining([{ sector: 'rca', state: 'quotating', count: 2 }]));
    expect(body.now.openByState.some((row) => row.state === 'emitted' || row.state === 'notEmitted')).toBe(false);

    // The ledger's commissions and clawbacks of the month, as summed here.
    const ledger = await sql<{ commissions: string; clawbacks: string }>`
      select coalesce(sum(amount_cents) filter (where kind = 'commission'), 0) as commissions, coalesce(sum(amount_cents) filter (where kind = 'clawback'), 0) as clawbacks
      from ledger_entries`.execute(t.database.db);
    const month = body.current.monthly.find((row) => row.month === TODAY.slice(0, 7));
    expect(month).toEqual({ month: TODAY.slice(0, 7), commissionsCents: Number(ledger.rows[0]!.commissions), clawbacksCents: 1_234 });
    expect(body.current.monthly.map((row) => row.month)).toContain(from.slice(0, 7));

    // Time in each state: every stay that ended (here, today) from the history, its median computed here.
    const events = await t.database.db
      .selectFrom('practice_events as e')
      .innerJoin('practices as p', 'p.id', 'e.practice_id')
      .select(['p.sector', 'e.practice_id', 'e.to_state', 'e.from_state', 'e.at', 'e.id'])
      .where('e.to_state', 'is not', null)
      .execute();
    const stays = new Map<string, number[]>();
    const byPractice = new Map<string, typeof events>();
    for (const event of events) if (event.from_state !== event.to_state) byPractice.set(event.practice_id, [...(byPractice.get(event.practice_id) ?? []), event]);
    for (const list of byPractice.values()) {
      list.sort((x, y) => x.at.getTime() - y.at.getTime() || Number(x.id) - Number(y.id));
      list.slice(0, -1).forEach((event, index) => {
        const key = `${event.sector} ${event.to_state}`;
        stays.set(key, [...(stays.get(key) ?? []), (list[index + 1]!.at.getTime() - event.at.getTime()) / 1000]);
      });
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    // The dashboard reads the medians from log-scale histograms (buckets of ratio 1.1, read at their geometric
    // middle): within 4.9 % of the exact median, before its rounding to the second.
    const answered = Object.fromEntries(body.current.stateMedians.map((row) => [`${row.sector} ${row.state}`, row]));
    expect(Object.keys(answered).sort()).toEqual([...stays.keys()].sort());
    for (const [key, values] of stays) {
      const exact = median(values);
      expect(answered[key]!.stays, key).toBe(values.length);
      expect(Math.abs(answered[key]!.medianSeconds - exact), key).toBeLessThanOrEqual(0.049 * exact + 0.5);
    }
    expect(body.current.stateMedians.some((row) => row.sector === 'rca' && row.state === 'askEmission')).toBe(true);
  });

  it('counts the payments to confirm and the payouts to make, and reads a chosen period', async () => {
    const { a, admin } = await world();
    await t.database.db
      .insertInto('payments')
      .values([
        { corner_id: a.id, description: 'Premio dichiarato', amount_cents: 10_000, status: 'pending' },
        { corner_id: a.id, description: 'Premio dichiarato 2', amount_cents: 2_500, status: 'pending' },
      ])
      .execute();
    const payments = await sql<{ n: string; total: string }>`select count(*) as n, coalesce(sum(amount_cents), 0) as total from payments where status = 'pending'`.execute(t.database.db);
    const payouts = await sql<{ n: string; total: string }>`select count(*) as n, coalesce(sum(amount_cents), 0) as total from payouts where state = 'requested'`.execute(t.database.db);
    const body = await dashboard(admin, `?from=${addDays(TODAY, -6)}&to=${TODAY}`);
    expect(body.now.paymentsToConfirm).toEqual({ count: Number(payments.rows[0]!.n), totalCents: Number(payments.rows[0]!.total) });
    expect(body.now.paymentsToConfirm.count).toBeGreaterThanOrEqual(2);
    expect(body.now.payoutsToMake).toEqual({ count: Number(payouts.rows[0]!.n), totalCents: Number(payouts.rows[0]!.total) });
    expect(body.current.period).toEqual({ from: addDays(TODAY, -6), to: TODAY });
    expect(body.previous.period).toEqual({ from: addDays(TODAY, -13), to: addDays(TODAY, -7) });
    expect(body.current.bySector).toEqual((await expected(addDays(TODAY, -6), TODAY)).bySector);
    for (const sector of SECTOR_SLUGS) expect(body.current.bySector[sector][SECTORS[sector].kind === 'insurance' ? 'activated' : 'issued']).toBe(0);

    const reversed = await t.app.inject({ method: 'GET', url: `/api/admin/dashboard?from=${TODAY}&to=${addDays(TODAY, -1)}`, headers: { cookie: admin.cookie } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.from).toEqual([DASHBOARD_MSG.reversed]);
    const trpc = await createTrpcHttpCaller(t, admin.email, PASSWORD);
    expect(await trpc.dashboard.get.query({ from: addDays(TODAY, -6), to: TODAY })).toEqual(body);
  });

  it('keeps its rollups equal to a recount from the base rows through creates, transitions, backdating and deletes', async () => {
    const { a, rca, admin } = await world();
    const db = t.database.db;
    const clientA = await clientOf(a.id);
    // A practice moved twice, then backdated (its own row: created 100 days ago, its state changed 3 days ago).
    const moved = await createPractice(a, clientA);
    await uploadDocs(a, moved.id);
    expect((await call('POST', `${url(moved.id)}/take`, rca.cookie)).statusCode).toBe(200);
    const quotationId = await quoteAndChoose(rca, a, moved.id, 10_000);
    expect((await transition(a, moved.id, { to: 'askEmission', quotationId })).statusCode).toBe(200);
    await db.updateTable('practices').set({ created_at: sql`now() - interval '100 days'`, state_changed_at: sql`now() - interval '3 days'` }).where('id', '=', moved.id).execute();
    // History written with explicit past timestamps, out of order: a stay split in two, an issue long ago.
    await sql`insert into practice_events (practice_id, at, actor_id, kind, from_state, to_state)
      values (${moved.id}, now() - interval '50 days', ${rca.id}, 'transition', 'quotating', 'quotating'),
             (${moved.id}, now() - interval '20 days', ${rca.id}, 'transition', 'quotating', 'askEmission')`.execute(db);
    // Practices written directly (no history), one backdated across a day, then both deleted or one kept.
    const inserted = await sql<{ id: string }>`
      insert into practices (sector, client_id, corner_id, state, data, created_at)
      values ('gpl', ${clientA}, ${a.id}, 'submitted', '{}'::jsonb, now() - interval '10 days'), ('rca', ${clientA}, ${a.id}, 'quotating', '{}'::jsonb, now())
      returning id`.execute(db);
    await db.updateTable('practices').set({ created_at: sql`created_at - interval '1 day'`, state: 'processing' }).where('id', '=', inserted.rows[0]!.id).execute();
    await db.deleteFrom('practices').where('id', '=', inserted.rows[1]!.id).execute();
    // The ledger, backdated entries included.
    await sql`insert into ledger_entries (corner_id, kind, amount_cents, description, created_at) values (${a.id}, 'commission', 5000, 'Provvigione di prova', now() - interval '45 days')`.execute(db);

    const kept = await rollupSnapshot(db);
    expect(kept.counts.length).toBeGreaterThan(3);
    expect(kept.stays.length).toBeGreaterThan(10);
    await rebuildRollups(db);
    expect(await rollupSnapshot(db)).toEqual(kept);

    // The chosen premium changes after issue: the issue day's premium follows.
    const before = await dashboard(admin);
    await db.updateTable('practice_quotations').set({ premium_cents: 50_000 }).where('chosen', '=', true).where('practice_id', 'in', db.selectFrom('practice_events').select('practice_id').where('to_state', '=', 'emitted')).execute();
    expect((await dashboard(admin)).current.premiumsCents).toBe(50_000);
    expect(before.current.premiumsCents).toBe(45_678);
    const afterQuotation = await rollupSnapshot(db);
    await rebuildRollups(db);
    expect(await rollupSnapshot(db)).toEqual(afterQuotation);

    // The test reset truncates the history and the ledger with triggers off: what came from them goes too.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`truncate ledger_entries, practice_events`.execute(trx);
    });
    const emptied = await rollupSnapshot(db);
    expect(emptied.stateDays).toEqual([]);
    expect(emptied.stays).toEqual([]);
    expect(emptied.ledgerDays).toEqual([]);
    await rebuildRollups(db);
    expect(await rollupSnapshot(db)).toEqual(emptied);
  });

  it('cuts a period into dyadic day blocks and reads a median from a histogram', () => {
    const cover = (from: string, to: string) => dayBlocks({ from, to }).reduce((days, block) => days + 2 ** block.level, 0);
    expect(cover('2026-01-01', '2026-01-01')).toBe(1);
    expect(cover('2025-11-28', '2026-11-27')).toBe(365);
    expect(cover('2023-11-28', '2026-11-27')).toBe(1096);
    expect(dayBlocks({ from: '2023-11-28', to: '2026-11-27' }).length).toBeLessThanOrEqual(22);
    for (let i = 0; i < 200; i++) {
      const from = addDays('2026-01-01', -((i * 37) % 900));
      const to = addDays(from, (i * 53) % 400);
      const blocks = dayBlocks({ from, to });
      expect(blocks.length).toBeLessThanOrEqual(22);
      expect(cover(from, to)).toBe(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
    }
    // Buckets of ratio 1.1 in milliseconds: 60 s lies in bucket 1 + floor(ln 60000 / ln 1.1) = 116.
    const median = histogramMedian(new Map([[116, 3], [200, 1]])).median;
    expect(Math.abs(median - 60) / 60).toBeLessThan(0.049);
    expect(histogramMedian(new Map([[116, 1], [117, 1]])).stays).toBe(2);
  });

  it('refuses anyone but an admin, through REST and tRPC', async () => {
    const corner1 = await corner('c@example.it', 'Carla');
    const broker = await staff('b@example.it', 'broker', 'RC Auto', 'Bruno');
    for (const who of [corner1, broker]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: who.cookie } });
      expect(response.statusCode).toBe(403);
      const trpc = await createTrpcHttpCaller(t, who.email, PASSWORD);
      await expect(trpc.dashboard.get.query({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});
