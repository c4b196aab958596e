/**
 * `npm run bench:practices`: the RC Auto practice lists of issue 15 with 2,000 practices over 10 corners and with
 * 200,000 over 1,000 corners, in one run, on PGlite and on PostgreSQL (scratch databases `bench_<random>`, dropped
 * at the end). Each size has its own database and app (buildApp, production config); each query goes through the
 * practices service (`services.practices.list`, what tRPC `practices.list` and GET /api/practices/:sector call), one
 * call at a time, the calls to the two sizes alternating so that whatever else the machine does weighs on both
 * alike, and its p50/p99 are measured:
 *
 * - a corner's first page (newest first); a corner's state filter; a corner's free text (plate prefix, make) —
 *   the corner's own practices, ~200 at both sizes (a book grows with its corner's years, not with the network);
 * - an admin's free text across every corner (a plate or plate prefix: the trigram index must keep it flat);
 * - a broker's worklist (oldest state change first) in state quotating / askEmission;
 * - for information: the admin's first page with no filter (its total counts every practice) and the admin's
 *   free text on a make across every corner (tens of thousands of matches at 200,000).
 *
 * The practices are spread over five years at the same pace per corner at both sizes, their state following their
 * age (recent ones in quotation or waiting for emission, older ones emitted or not, a few forgotten in quotation);
 * `data` is a valid ZRcaData (checked on a sample), `search_text` is rcaDefinition.searchText, lower case, as the
 * service stores it.
 *
 * Target: p99 at 200,000 ≤ 2 × p99 at 2,000 for the five cases. Prints a table with the ratio and each query's
 * PostgreSQL plan at 200,000 (EXPLAIN of the statements the repository builds), writes
 * bench/results/practices-list.json.
 *
 * Exit code: 0 ok, 1 failed, 2 a target missed.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { RCA_COVER_CODES } from '../shared/practices/quotation';
import { ZRcaData, rcaDefinition, type TRcaData, type TRcaDataInput } from '../shared/practices/rca';
import { ZListPracticesQuery } from '../shared/schemas/practices';
import type { TVehicleType } from '../shared/validation/plates';
import type { TDatabaseHandle } from '../server/db/database';
import type { TRequestContext } from '../server/platform/context';
import { listPractices } from '../server/modules/practices/engine/practices.repository';
import { runCleanups } from './lib';
import { runBenchmark } from './report';
import { actorCtx, explainStatements, finishRun, intFromEnv, measureCase, measureEngines, openSizes, printPlans, printTable, ratioLines, startBenchApp, type TFigures as TLatencyFigures } from './support/list-bench';

/** Measured calls per query and size (after WARMUP discarded ones); the information cases get a tenth. */
const ITERATIONS = intFromEnv('BENCH_PRACTICES_ITERATIONS', 1000);
const WARMUP = intFromEnv('BENCH_PRACTICES_WARMUP', 100);
const TARGET_RATIO = 2;

const SIZES = [
  { label: '2k', practices: 2_000, corners: 10 },
  { label: '200k', practices: 200_000, corners: 1_000 },
] as const;
type TSize = (typeof SIZES)[number];

/** Five years of practices, at the same pace per corner at both sizes. */
const SPAN_DAYS = 5 * 365;
const DAY_MS = 86_400_000;
const BROKERS = 5;

// ---------------------------------------------------------------------------------------------------------------
// Data: every value a function of the practice's number, so both sizes hold the same first 2,000 vehicles.

/** A pseudo-random number in [0, 1) from (i, salt): mulberry32 of their mix. */
const rand = (i: number, salt: number) => {
  let t = (Math.imul(i, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(values: readonly T[], i: number, salt: number): T => values[Math.floor(rand(i, salt) * values.length)]!;
/** A value by weight: `[[value, weight], …]`. */
const weighted = <T>(values: readonly (readonly [T, number])[], i: number, salt: number): T => {
  const total = values.reduce((sum, [, weight]) => sum + weight, 0);
  let at = rand(i, salt) * total;
  for (const [value, weight] of values) {
    if (at < weight) return value;
    at -= weight;
  }
  return values[values.length - 1]![0];
};

const CAR_MAKES: readonly (readonly [string, readonly string[], number])[] = [
  ['Fiat', ['Panda', '500', 'Tipo', 'Punto', '500X', 'Doblò'], 22],
  ['Volkswagen', ['Golf', 'Polo', 'T-Roc', 'Tiguan', 'Passat'], 9],
  ['Toyota', ['Yaris', 'Yaris Cross', 'C-HR', 'Aygo X', 'RAV4'], 8],
  ['Renault', ['Clio', 'Captur', 'Mégane', 'Twingo'], 6],
  ['Peugeot', ['208', '2008', '3008', '308'], 6],
  ['Ford', ['Fiesta', 'Focus', 'Puma', 'Kuga'], 6],
  ['Dacia', ['Sandero', 'Duster', 'Jogger'], 5],
  ['Citroën', ['C3', 'C3 Aircross', 'C4'], 5],
  ['Opel', ['Corsa', 'Astra', 'Mokka'], 4],
  ['Lancia', ['Ypsilon'], 4],
  ['Jeep', ['Renegade', 'Compass', 'Avenger'], 4],
  ['Alfa Romeo', ['Giulietta', 'Tonale', 'Stelvio', 'Giulia'], 3],
  ['BMW', ['Serie 1', 'Serie 3', 'X1', 'X3'], 3],
  ['Audi', ['A3', 'A4', 'Q3', 'Q5'], 3],
  ['Mercedes-Benz', ['Classe A', 'Classe C', 'GLA'], 3],
  ['Kia', ['Picanto', 'Sportage', 'Niro'], 3],
  ['Hyundai', ['i10', 'i20', 'Tucson', 'Kona'], 3],
  ['Nissan', ['Micra', 'Qashqai', 'Juke'], 2],
  ['Suzuki', ['Ignis', 'Vitara', 'Swift'], 2],
  ['Skoda', ['Fabia', 'Octavia', 'Kamiq'], 2],
];
const MOTO_MAKES: readonly (readonly [string, readonly string[], number])[] = [
  ['Honda', ['SH 125', 'CB 500', 'Africa Twin'], 4],
  ['Piaggio', ['Beverly 300', 'Liberty 125', 'MP3'], 4],
  ['Yamaha', ['TMAX', 'MT-07', 'Tracer 9'], 3],
  ['Ducati', ['Monster', 'Multistrada', 'Scrambler'], 2],
  ['BMW', ['R 1250 GS', 'C 400 X'], 2],
  ['Kawasaki', ['Z650', 'Versys 650'], 1],
];
const MOPED_MAKES: readonly (readonly [string, readonly string[], number])[] = [
  ['Piaggio', ['Liberty 50', 'Zip 50'], 3],
  ['Kymco', ['Agility 50'], 1],
  ['Aprilia', ['SR 50'], 1],
];
const VAN_MAKES: readonly (readonly [string, readonly string[], number])[] = [
  ['Fiat', ['Ducato', 'Doblò Cargo', 'Fiorino'], 4],
  ['Iveco', ['Daily'], 3],
  ['Ford', ['Transit', 'Transit Custom'], 2],
  ['Renault', ['Master', 'Kangoo'], 2],
];
const TRAILER_MAKES: readonly (readonly [string, readonly string[], number])[] = [['Cardi', ['T.16', 'M.75'], 1], ['Lider', ['39200'], 1]];
const COMPANIES = ['UnipolSai Assicurazioni S.p.A.', 'Generali Italia S.p.A.', 'Allianz S.p.A.', 'AXA Assicurazioni S.p.A.', 'Reale Mutua di Assicurazioni', 'Vittoria Assicurazioni S.p.A.', 'Zurich Insurance plc', 'Genertel S.p.A.'];
const OWNER_NAMES = ['Rossi', 'Bianchi', 'Esposito', 'Ferrari', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Conti'];
const OWNER_WORDS = ['Trasporti', 'Costruzioni', 'Impianti', 'Servizi', 'Noleggi', 'Logistica'];

/** Plate letters: A–Z without I, O, Q, U. */
const LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';
const letter = (n: number) => LETTERS[((n % LETTERS.length) + LETTERS.length) % LETTERS.length]!;
const digits = (n: number, width: number) => String(n).padStart(width, '0').slice(-width);
const PLATE_CHARS = `${LETTERS}0123456789`;
/** VIN characters: A–Z without I, O, Q, and digits. */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** The plate of vehicle i of that type, its series following the registration year ("AA" 1994 … "GN" 2024). */
const plateOf = (i: number, type: TVehicleType, year: number) => {
  const series = Math.max(0, Math.floor((year - 1994) * 4.4 + rand(i, 20) * 4));
  const serial = Math.floor(rand(i, 21) * 1_000_000);
  const tail = letter(Math.floor(serial / 1000)) + letter(Math.floor(serial / 22_000));
  switch (type) {
    case 'motorcycle':
      return `${letter(Math.floor(series / 22))}${letter(series)}${digits(serial, 5)}`;
    case 'moped':
      return `X${[0, 1, 2, 3, 4].map((k) => PLATE_CHARS[Math.floor(rand(i, 30 + k) * PLATE_CHARS.length)]).join('')}`;
    case 'trailer':
      return `X${letter(series)}${digits(serial, 3)}${tail}`;
    default:
      return `${letter(Math.floor(series / 22))}${letter(series)}${digits(serial, 3)}${tail}`;
  }
};

/** An 11-digit partita IVA: a 7-digit serial, the office code (001–100), the check digit (DM 23 dicembre 1976). */
const partitaIva = (i: number) => {
  const base = (digits(1_000_000 + ((i * 7_919) % 8_999_999), 7) + digits(1 + (i % 100), 3)).split('').map(Number);
  const sum = base.reduce((total, digit, index) => total + (index % 2 === 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2), 0);
  return base.join('') + String((10 - (sum % 10)) % 10);
};

/** The request of practice i, registered `createdAt`. */
const rcaDataOf = (i: number, createdAt: Date): TRcaDataInput => {
  const type = weighted<TVehicleType>(
    [['car', 80], ['motorcycle', 8], ['van', 6], ['moped', 3], ['truck', 1.5], ['camper', 1], ['trailer', 0.5]],
    i,
    1,
  );
  const makes = type === 'motorcycle' ? MOTO_MAKES : type === 'moped' ? MOPED_MAKES : type === 'trailer' ? TRAILER_MAKES : type === 'car' || type === 'camper' ? CAR_MAKES : VAN_MAKES;
  const [make, models] = weighted(makes.map(([name, list, weight]) => [[name, list] as const, weight] as const), i, 2);
  const createdYear = createdAt.getUTCFullYear();
  const registrationYear = Math.max(2000, createdYear - Math.floor(rand(i, 3) ** 1.5 * 20));
  const start = new Date(createdAt.getTime() + Math.floor(rand(i, 4) * 30) * DAY_MS).toISOString().slice(0, 10);
  const company = rand(i, 5) < 0.08;
  const insured = rand(i, 6) < 0.85;
  return {
    owner: company ? { name: `${pick(OWNER_NAMES, i, 7)} ${pick(OWNER_WORDS, i, 8)} Srl`, taxCode: partitaIva(i) } : null,
    driver: null,
    drivingKind: weighted([['free', 5], ['expert', 3], ['exclusive', 2]] as const, i, 9),
    vehicle: {
      type,
      plate: plateOf(i, type, registrationYear),
      chassis: rand(i, 10) < 0.4 ? Array.from({ length: 17 }, (_, k) => VIN_CHARS[Math.floor(rand(i, 40 + k) * VIN_CHARS.length)]).join('') : '',
      use: weighted([['private', 85], ['business', 10], ['thirdParties', 3], ['rental', 2]] as const, i, 11),
      make,
      model: pick(models, i, 12),
      fuel: type === 'trailer' ? 'none' : type === 'moped' || type === 'motorcycle' ? 'petrol' : weighted([['petrol', 40], ['diesel', 30], ['hybrid', 15], ['lpg', 8], ['methane', 3], ['electric', 4]] as const, i, 13),
      registrationYear,
      powerKw: type === 'trailer' ? null : type === 'moped' ? 3 : 40 + Math.floor(rand(i, 14) * 100),
      valueCents: (3_000 + Math.floor(rand(i, 15) * 30_000)) * 100,
    },
    currentPolicy: insured
      ? { company: pick(COMPANIES, i, 16), expiryDate: start, cuClass: 1 + Math.floor(rand(i, 17) ** 3 * 18), claimsLastFiveYears: [0, 1, 2, 3, 4].map((k) => (rand(i, 50 + k) < 0.05 ? 1 : 0)) }
      : null,
    startDate: start,
    familyBonus: { applies: false, relativeTaxCode: '', fromPlate: '' },
    covers: RCA_COVER_CODES.filter((_, k) => rand(i, 60 + k) < 0.2),
    notes: '',
  };
};

const STATES = ['quotating', 'askEmission', 'emitted', 'notEmitted'] as const;
type TState = (typeof STATES)[number];

/** The state of a practice `ageDays` old: recent ones in progress, older ones closed, a few forgotten in quotation. */
const stateOf = (i: number, ageDays: number): TState => {
  if (ageDays < 7) return weighted<TState>([['quotating', 85], ['askEmission', 10], ['notEmitted', 5]], i, 70);
  if (ageDays < 30) return weighted<TState>([['quotating', 15], ['askEmission', 10], ['emitted', 55], ['notEmitted', 20]], i, 70);
  return weighted<TState>([['quotating', 0.4], ['askEmission', 0.1], ['emitted', 75], ['notEmitted', 24.5]], i, 70);
};

type TRow = {
  client_id: string;
  corner_id: string;
  broker_id: string | null;
  state: TState;
  data: TRcaData;
  search_text: string;
  created_at: string;
  updated_at: string;
  state_changed_at: string;
};

/** Practice i of `count`: its corner (i mod corners), a client of that corner (two practices each), age, state. */
const practiceOf = (i: number, count: number, now: number, corners: string[], clients: string[], brokers: string[]): TRow => {
  const cornerIndex = i % corners.length;
  const clientIndex = Math.floor(i / (2 * corners.length)) * corners.length + cornerIndex;
  // Oldest first: practice `count - 1` is the newest; the same pace per corner at both sizes.
  const ageDays = ((count - 1 - i) / count) * SPAN_DAYS + rand(i, 80) * (SPAN_DAYS / count);
  const created = now - ageDays * DAY_MS;
  const state = stateOf(i, ageDays);
  const changedAfterDays = state === 'quotating' ? (rand(i, 81) < 0.2 ? rand(i, 82) * Math.min(ageDays, 5) : 0) : Math.min(ageDays, 1 + rand(i, 83) * 20);
  const changed = created + changedAfterDays * DAY_MS;
  const updated = Math.min(now, changed + rand(i, 84) * DAY_MS);
  const taken = state !== 'quotating' || rand(i, 85) < 0.5;
  // As the service stores it: the parsed request (every row checked by ZRcaData), its searchText in lower case.
  const data = ZRcaData.parse(rcaDataOf(i, new Date(created)));
  return {
    client_id: clients[clientIndex]!,
    corner_id: corners[cornerIndex]!,
    broker_id: taken ? brokers[i % brokers.length]! : null,
    state,
    data,
    search_text: rcaDefinition.searchText(data).toLowerCase(),
    created_at: new Date(created).toISOString(),
    updated_at: new Date(Math.max(updated, changed)).toISOString(),
    state_changed_at: new Date(changed).toISOString(),
  };
};

const insertJson = async (db: TDatabaseHandle['db'], statement: (json: string) => RawBuilder<unknown>, rows: unknown[]) => {
  const chunk = 5_000;
  for (let from = 0; from < rows.length; from += chunk) await statement(JSON.stringify(rows.slice(from, from + chunk))).execute(db);
};

/** Corners, brokers, clients and practices of one size, in bulk (JSON chunks through jsonb_to_recordset). */
const seed = async (db: TDatabaseHandle['db'], size: TSize, now: number) => {
  const started = performance.now();
  await sql`
    insert into users (email, password_hash, role, state, type, name, surname, email_verified_at)
    select 'corner' || lpad(i::text, 4, '0') || '@bench.example.it', null, 'corner', 'active', 'persona', 'Corner', lpad(i::text, 4, '0'), now()
    from generate_series(1, ${sql.lit(size.corners)}::int) as s(i)`.execute(db);
  await sql`
    insert into users (email, password_hash, role, state, type, name, surname, broker_type, email_verified_at)
    select 'broker' || i || '@bench.example.it', null, 'broker', 'active', 'persona', 'Broker', 'RC Auto ' || i, 'RC Auto', now()
    from generate_series(1, ${sql.lit(BROKERS)}::int) as s(i)`.execute(db);
  const corners = (await db.selectFrom('users').select('id').where('role', '=', 'corner').orderBy('email').execute()).map((row) => row.id);
  const brokers = (await db.selectFrom('users').select('id').where('role', '=', 'broker').orderBy('email').execute()).map((row) => row.id);

  const clientCount = Math.ceil(size.practices / 2);
  const clients = Array.from({ length: clientCount }, () => randomUUID());
  await insertJson(
    db,
    (json) => sql`
      insert into clients (id, corner_id, type, name, surname, email, created_at, updated_at)
      select id, corner_id, 'persona', name, surname, email, created_at, created_at
      from jsonb_to_recordset(${json}::jsonb) as r(id uuid, corner_id uuid, name text, surname text, email text, created_at timestamptz)`,
    clients.map((id, k) => ({
      id,
      corner_id: corners[k % corners.length],
      name: pick(['Mario', 'Giulia', 'Luca', 'Anna', 'Marco', 'Sara', 'Paolo', 'Chiara'], k, 90),
      surname: pick(OWNER_NAMES, k, 91),
      email: `cliente${k}@example.it`,
      created_at: new Date(now - SPAN_DAYS * DAY_MS).toISOString(),
    })),
  );

  const rows: TRow[] = [];
  for (let i = 0; i < size.practices; i++) rows.push(practiceOf(i, size.practices, now, corners, clients, brokers));
  await insertJson(
    db,
    (json) => sql`
      insert into practices (sector, client_id, corner_id, broker_id, state, data, search_text, created_at, updated_at, state_changed_at)
      select 'rca', client_id, corner_id, broker_id, state, data, search_text, created_at, updated_at, state_changed_at
      from jsonb_to_recordset(${json}::jsonb) as r(client_id uuid, corner_id uuid, broker_id uuid, state text, data jsonb, search_text text,
        created_at timestamptz, updated_at timestamptz, state_changed_at timestamptz)`,
    rows,
  );
  // Every GIN index's pending list merged, statistics fresh (as after a while in production).
  await sql`vacuum analyze practices`.execute(db);
  await sql`analyze clients`.execute(db);
  await sql`analyze users`.execute(db);
  return { ms: performance.now() - started, corners, brokers, rows };
};

// ---------------------------------------------------------------------------------------------------------------
// Cases

type TCase = { key: string; label: string; who: 'corner' | 'admin' | 'broker'; info?: true; query: (i: number) => Record<string, unknown> };

/** Plates and plate prefixes among the first 2,000 practices (the same vehicles at both sizes), for the admin. */
const adminNeedles = (rows: TRow[]) =>
  Array.from({ length: 16 }, (_, n) => rows[n * 97 + 11]!.data.vehicle.plate.toLowerCase()).map((plate, n) => (n % 2 === 0 ? plate : plate.slice(0, 5)));

const buildCases = (asked: { corner: string; platePrefix: string }[], needles: string[]): TCase[] => {
  const WORDS = ['fiat', 'toyota', 'volkswagen', 'panda', 'yaris'];
  return [
    { key: 'corner-page', label: 'corner: 1st page, newest', who: 'corner', query: () => ({ page: 1, limit: 25, sort: 'newest' }) },
    { key: 'corner-state', label: 'corner: state filter', who: 'corner', query: (i) => ({ page: 1, limit: 25, state: STATES[i % STATES.length] }) },
    {
      key: 'corner-q',
      label: 'corner: free text (plate prefix, make)',
      who: 'corner',
      query: (i) => ({ page: 1, limit: 25, q: i % 2 === 0 ? asked[i % asked.length]!.platePrefix : WORDS[(i >> 1) % WORDS.length] }),
    },
    { key: 'admin-q', label: 'admin: plate across all corners', who: 'admin', query: (i) => ({ page: 1, limit: 25, q: needles[i % needles.length] }) },
    { key: 'worklist', label: 'broker: worklist (waiting)', who: 'broker', query: (i) => ({ page: 1, limit: 25, sort: 'waiting', state: i % 2 === 0 ? 'quotating' : 'askEmission' }) },
    { key: 'admin-page', label: 'admin: 1st page (info)', who: 'admin', info: true, query: () => ({ page: 1, limit: 25 }) },
    { key: 'admin-make', label: 'admin: make across all corners (info)', who: 'admin', info: true, query: (i) => ({ page: 1, limit: 25, q: WORDS[i % 3] }) },
  ];
};

type TFigures = TLatencyFigures & { calls: number };
type TDbResult = { database: string; seedMs: Record<string, number>; states: Record<string, Record<string, number>>; figures: Record<string, Record<string, TFigures>>; plans: Record<string, string[]> };

/** The statements listPractices builds for `query`, with EXPLAIN's plan of each. */
const explainCase = (handle: TDatabaseHandle, cornerId: string | null, query: Record<string, unknown>) =>
  explainStatements(handle, (db) => listPractices(db, { sector: 'rca', cornerId }, ZListPracticesQuery.parse(query)));

type TSizeSetup = {
  size: TSize;
  handle: TDatabaseHandle;
  list: (ctx: TRequestContext, query: ReturnType<typeof ZListPracticesQuery.parse>) => Promise<{ list: unknown[]; total: number }>;
  ctxOf: (who: TCase['who'], i: number) => TRequestContext;
  cases: TCase[];
  cornerOf: (i: number) => string;
};

/** The app (buildApp, production config) on `handle`, seeded with `size`. */
const setUpSize = async (name: string, size: TSize, handle: TDatabaseHandle, result: TDbResult, now: number): Promise<TSizeSetup> => {
  const { app, admin } = await startBenchApp(handle, 'bench-practices-');
  process.stdout.write(`  ${name} ${size.label}: seeding ${size.practices.toLocaleString('en-US')} practices over ${size.corners} corners… `);
  const seeded = await seed(handle.db, size, now);
  result.seedMs[size.label] = seeded.ms;
  process.stdout.write(`${(seeded.ms / 1000).toFixed(1)} s\n`);
  const counts = await sql<{ state: string; n: number }>`select state, count(*)::int as n from practices group by state order by state`.execute(handle.db);
  result.states[size.label] = Object.fromEntries(counts.rows.map((row) => [row.state, row.n]));
  console.log(`    states: ${counts.rows.map((row) => `${row.state} ${row.n.toLocaleString('en-US')}`).join(', ')}`);
  // Five corners' books are asked for; at 200k they sit among 1,000.
  const askedCorners = seeded.corners.filter((_, index) => index % (seeded.corners.length / 5) === 0);
  const asked = askedCorners.map((corner) => {
    const own = seeded.rows.filter((row) => row.corner_id === corner);
    return { corner, platePrefix: own[own.length - 7]!.data.vehicle.plate.slice(0, 3).toLowerCase() };
  });
  const cases = buildCases(asked, adminNeedles(seeded.rows));
  const cornerOf = (i: number) => askedCorners[i % askedCorners.length]!;
  return {
    size,
    handle,
    list: (ctx, query) => app.services.practices.list(ctx, 'rca', query),
    ctxOf: (who, i) => (who === 'admin' ? actorCtx(admin.id, 'admin') : who === 'broker' ? actorCtx(seeded.brokers[i % seeded.brokers.length]!, 'broker') : actorCtx(cornerOf(i), 'corner')),
    cases,
    cornerOf,
  };
};

/**
 * Both sizes on one engine, each in its own database and app, seeded once; then, query by query, the calls to the
 * two sizes alternate (2k, 200k, 200k, 2k, …), so whatever else the machine does at a moment weighs on both alike.
 */
const measureEngine = async (name: string, open: () => Promise<TDatabaseHandle | null>): Promise<TDbResult | null> => {
  const result: TDbResult = { database: name, seedMs: {}, states: {}, figures: {}, plans: {} };
  const now = Date.now();
  const setups = await openSizes(SIZES, open, (size, handle) => setUpSize(name, size, handle, result, now));
  if (!setups) return null;
  for (const item of setups[0]!.cases) {
    const key = item.key;
    const iterations = item.info ? Math.max(1, Math.round(ITERATIONS / 10)) : ITERATIONS;
    const warmup = item.info ? Math.max(1, Math.round(WARMUP / 10)) : WARMUP;
    const figures = await measureCase(setups, { warmup, iterations }, (setup, i) => {
      const own = setup.cases.find((candidate) => candidate.key === key)!;
      return setup.list(setup.ctxOf(own.who, i), ZListPracticesQuery.parse(own.query(i)));
    });
    for (const setup of setups) {
      const label = setup.size.label;
      const figure = figures.get(label)!;
      if (figure.rows === 0) throw new Error(`${name} ${label} ${key}: no practice found at all, the query measures nothing`);
      (result.figures[key] ??= {})[label] = { ...figure, calls: iterations };
      if (label === '200k') {
        const own = setup.cases.find((candidate) => candidate.key === key)!;
        result.plans[key] = await explainCase(setup.handle, own.who === 'corner' ? setup.cornerOf(0) : null, own.query(0));
      }
    }
    console.log(`  ${name} ${key}: measured`);
  }
  return result;
};

const main = async () => {
  console.log(
    `practices list: ${WARMUP} warm-up + ${ITERATIONS} measured calls per query and size (information cases a tenth), one at a time, ` +
      `the two sizes alternating, through services.practices.list; load avg ${os.loadavg()[0]!.toFixed(2)}\n`,
  );
  const { results, failure } = await measureEngines(measureEngine);

  const { lines, missed } = ratioLines(results, { small: '2k', large: '200k', targetRatio: TARGET_RATIO, inTarget: (key) => !key.startsWith('admin-page') && key !== 'admin-make', smallRows: true });
  printTable(`\nlatency in ms; target: p99 at 200k ≤ ${TARGET_RATIO} × p99 at 2k; load avg ${os.loadavg()[0]!.toFixed(2)}\n`, lines);
  printPlans(results, '200k');
  return finishRun('practices-list.json', { iterations: ITERATIONS, warmup: WARMUP, targetRatio: TARGET_RATIO, results }, failure, missed);
};

runBenchmark(main, runCleanups);
