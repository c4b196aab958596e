import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Insertable } from 'kysely';
import { rcaDefinition, type TRcaData } from '../../shared/practices/rca';
import { rcaCommissionCents } from '../../shared/practices/rca-settings';
import { addMonthsIso } from '../../shared/practices/utility-offers';
import { foldSearchText, practiceDefinition } from '../../shared/practices/registry';
import { italianDayStart, todayInItaly } from '../../shared/rules/italian-day';
import { LEDGER_MSG } from '../../shared/schemas/ledger';
import { isInsuranceSector, SECTOR_LIST, SECTORS, type TInsuranceSectorSlug, type TSectorSlug } from '../../shared/sectors';
import { answersSchemaOf } from '../../shared/products/answers';
import { exampleOf } from '../../shared/products/json-schema';
import { answersOfData, productCommissionCents, productOfData, subjectKeyOf, type TPracticeProductSnapshot } from '../../shared/products/practice-product';
import { isProductSector, type TOfferedProduct } from '../../shared/schemas/products';
import { CodiceFiscale } from '../../shared/validation/codice-fiscale';
import type { TDb } from '../db/database';
import type { Database } from '../db/types';
import { hashPassword } from '../platform/passwords';
import { DEMO_PASSWORD, brokerEmail } from './demo-data';
import { LEGACY_PRODUCT_REQUESTS } from './demo-product-requests';

/**
 * A month of activity (issue 28), so the admin dashboard's weekly series, conversion, medians and monthly money and
 * the stuck-work board have something to show on `npm run demo`: about thirty days of practices opened by the demo
 * corners in the five sectors on Italian working days and hours, each moved through its states on the days after
 * (taken, quoted, chosen, asked for issue, paid, issued with its commission in the ledger; utilities taken, worked,
 * activated with their commission, a few rejected or ceased with the clawback), some refused; a handful left waiting
 * past the board's thresholds, held by the sectors' brokers or by nobody; payments declared and not yet confirmed
 * for days; payouts asked for; new corners registered during the month in every tier.
 *
 * The practices are written with SQL, not through the API the rest of the demo uses: the engine dates every row it
 * writes now (the history's `at` is the database's clock) and the history is append-only (a trigger refuses to
 * re-date it afterwards), so a past day can only be written when the row is inserted. Every practice's data is built
 * from the sector's definition (the other demo parts' practices as templates, or the definition's example) and
 * checked against the sector's schema before it is written (a product sector's, issue 29, spread over every product
 * offered, at its latest version, each in every state of the sector: the product's snapshot as the server stores it,
 * answers its version accepts, demo-product-requests.ts); the rows are the ones the engine's transitions write
 * (the state, the history with the same kinds and payloads, quotations, the payment request and its declaration,
 * the policy and its commission, the supply's dates and the offer's commission and clawback). The payouts go through
 * the API (dated back afterwards, as the rest of the demo does). Deterministic: a seeded generator decides
 * everything, relative to `now`.
 */

type TPracticeInsert = Insertable<Database['practices']>;
type TEventInsert = Insertable<Database['practice_events']>;
type TQuotationInsert = Insertable<Database['practice_quotations']>;
type TPaymentInsert = Insertable<Database['payments']>;
type TPaymentEventInsert = Insertable<Database['payment_events']>;
type TLedgerInsert = Insertable<Database['ledger_entries']>;

const MINUTE = 60_000;
const DAY = 86_400_000;
const UA = 'Mozilla/5.0 (Dati dimostrativi)';

/** The demo's seeded generator (mulberry32): the same month every run. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const hex = (length: number) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join('');
  /** A version-4 UUID from the generator (so the rows can be written in batches with their links). */
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(next() * 4)).toString(16)}${hex(3)}-${hex(12)}`;
  return { next, int, pick, uuid, chance: (p: number) => next() < p };
};
type TRandom = ReturnType<typeof seeded>;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
/** An instant of a day in Italy at hh:mm (Rome's time). */
const atRome = (day: string, hour: number, minute: number) => new Date(italianDayStart(day).getTime() + (hour * 60 + minute) * MINUTE);
/** Minutes since midnight in Rome. */
const romeMinutes = (at: Date) => Math.round((at.getTime() - italianDayStart(todayInItaly(at)).getTime()) / MINUTE);
const OPEN = 9 * 60; // 9:00
const CLOSE = 18 * 60 + 30; // 18:30

/**
 * The working-hours moment `days` working days after `from` (0: later the same day, if the office is still open):
 * between 20 minutes and 3 hours later on the same day, a random time of the office hours on another day.
 */
const laterAt = (random: TRandom, from: Date, days: number): Date => {
  if (days === 0) {
    const minutes = romeMinutes(from) + random.int(20, 180);
    if (minutes <= CLOSE) return new Date(from.getTime() + (minutes - romeMinutes(from)) * MINUTE);
    days = 1;
  }
  let day = todayInItaly(from);
  for (let left = days; left > 0; ) {
    day = addDays(day, 1);
    if (!isWeekend(day)) left -= 1;
  }
  const minutes = random.int(OPEN, CLOSE - 1);
  return atRome(day, Math.floor(minutes / 60), minutes % 60);
};

// Vehicles the RC Auto requests name (make, model, fuel, kW, value in cents), and letters of Italian plates.
const VEHICLES: readonly [string, string, TRcaData['vehicle']['fuel'], number, number][] = [
  ['Fiat', 'Panda', 'petrol', 51, 900_000],
  ['Fiat', '500', 'hybrid', 51, 1_300_000],
  ['Volkswagen', 'Polo', 'petrol', 59, 1_400_000],
  ['Renault', 'Clio', 'lpg', 67, 1_200_000],
  ['Toyota', 'Yaris', 'hybrid', 68, 1_600_000],
  ['Peugeot', '208', 'diesel', 75, 1_100_000],
  ['Dacia', 'Sandero', 'lpg', 74, 1_000_000],
  ['Jeep', 'Renegade', 'diesel', 96, 2_100_000],
  ['Lancia', 'Ypsilon', 'hybrid', 51, 1_150_000],
  ['Ford', 'Puma', 'hybrid', 92, 2_300_000],
  ['Alfa Romeo', 'Tonale', 'hybrid', 118, 3_400_000],
  ['Citroën', 'C3', 'petrol', 61, 1_050_000],
];
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';
const COMPANIES = ['Generali Italia S.p.A.', 'UnipolSai Assicurazioni S.p.A.', 'Allianz S.p.A.', 'AXA Assicurazioni S.p.A.', 'Reale Mutua di Assicurazioni', 'Vittoria Assicurazioni S.p.A.', 'Zurich Insurance Company Ltd'];
const BOND_COMPANIES = ['Elba Assicurazioni S.p.A.', 'Coface S.A. – Rappresentanza per l’Italia', 'Revo Insurance S.p.A.'];
const STREETS = ['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele II', 'Via Mazzini', 'Via Cavour', 'Viale della Repubblica', 'Via Dante Alighieri', 'Via XX Settembre'];
const REFUSALS: Record<'insurance' | 'utility', readonly string[]> = {
  insurance: [
    'Le compagnie interpellate non assumono il rischio con i sinistri dichiarati negli ultimi cinque anni.',
    'Il cliente ha rinnovato con la compagnia attuale: la richiesta si chiude.',
    'Mancano i dati tecnici chiesti dalle compagnie: la richiesta si chiude, si riapre con la documentazione.',
  ],
  utility: [
    'Il POD indicato non corrisponde all’indirizzo della bolletta: controlla e invia di nuovo.',
    'Il distributore segnala una morosità sul punto di fornitura: serve la liberatoria del precedente intestatario.',
    'Manca la copia del documento d’identità dell’intestatario: allegala e invia di nuovo.',
  ],
};

/** The corners who join during the month: bronze (utilities), silver (insurance, in the RUI), gold (both). */
const NEW_CORNERS = [
  { name: 'Alessia', surname: 'Ferrara', sex: 'F', born: { year: 1988, month: 3, day: 14 }, birthplace: ['Torino', 'TO'], tier: 'bronze' },
  { name: 'Stefano', surname: 'Galli', sex: 'M', born: { year: 1979, month: 7, day: 2 }, birthplace: ['Bologna', 'BO'], tier: 'silver' },
  { name: 'Roberta', surname: 'Leone', sex: 'F', born: { year: 1991, month: 11, day: 21 }, birthplace: ['Bari', 'BA'], tier: 'bronze' },
  { name: 'Federico', surname: 'Longo', sex: 'M', born: { year: 1983, month: 1, day: 9 }, birthplace: ['Verona', 'VR'], tier: 'gold' },
  { name: 'Ilaria', surname: 'Martinelli', sex: 'F', born: { year: 1986, month: 5, day: 30 }, birthplace: ['Firenze', 'FI'], tier: 'silver' },
  { name: 'Nicola', surname: 'Vitale', sex: 'M', born: { year: 1975, month: 9, day: 17 }, birthplace: ['Napoli', 'NA'], tier: 'bronze' },
  { name: 'Paola', surname: 'Serra', sex: 'F', born: { year: 1980, month: 12, day: 4 }, birthplace: ['Roma', 'RM'], tier: 'gold' },
  { name: 'Tommaso', surname: 'Pellegrini', sex: 'M', born: { year: 1993, month: 6, day: 26 }, birthplace: ['Milano', 'MI'], tier: 'silver' },
] as const;
const newCornerEmail = (corner: (typeof NEW_CORNERS)[number]) => `${corner.name}.${corner.surname}@demo.it`.toLowerCase();

/**
 * How the month's practices spread over the sectors (of about a hundred): RC Auto, the main line, a third; the other
 * insurance sectors 14 % each and the utilities 19 % each, scaled to one (so a sector added later gets its kind's share).
 */
const weightOf = (sector: TSectorSlug) => (sector === 'rca' ? 0.34 : SECTORS[sector].kind === 'insurance' ? 0.14 : 0.19);
const WEIGHT_TOTAL = SECTOR_LIST.reduce((sum, sector) => sum + weightOf(sector.slug), 0);
const SECTOR_WEIGHTS: readonly [TSectorSlug, number][] = SECTOR_LIST.map((sector) => [sector.slug, weightOf(sector.slug) / WEIGHT_TOTAL]);

/** The insurance state each story's outcome ends in (unless today cuts it short), and the outcome that ends in a state. */
const STATE_OF_OUTCOME: Readonly<Record<string, string>> = {
  emitted: 'emitted',
  refusedEarly: 'notEmitted',
  refusedLate: 'notEmitted',
  lapsed: 'notEmitted',
  askEmission: 'askEmission',
  paymentPending: 'askEmission',
  quoted: 'quotating',
  unquoted: 'quotating',
};
const OUTCOME_OF_STATE: Readonly<Record<string, string>> = { quotating: 'quoted', askEmission: 'askEmission', emitted: 'emitted', notEmitted: 'refusedEarly' };

/** A stay the demo leaves past the stuck-work board's thresholds, with who holds it (null: nobody took it). */
type TStuck = { sector: TSectorSlug; state: string; days: number; held: boolean; paymentPending?: boolean; pastExpectedStart?: boolean };
/**
 * The stays left waiting, by the sector's kind (its n-th sector of that kind): insurance requests without a
 * quotation (every other one taken by nobody) and issues asked and not made (after the first, with the premium
 * declared paid and waiting for the admin's confirmation); utilities sent and taken by nobody, and, where the sector
 * expects a start date, a switch still in progress after the day the supply should have started.
 */
const STUCK: readonly TStuck[] = SECTOR_LIST.flatMap((sector): TStuck[] => {
  const n = SECTOR_LIST.filter((other) => other.kind === sector.kind).indexOf(sector);
  return sector.kind === 'insurance'
    ? [
        { sector: sector.slug, state: 'quotating', days: 3 + n, held: n % 2 === 0 },
        { sector: sector.slug, state: 'askEmission', days: 3 + 2 * n, held: true, paymentPending: n > 0 },
      ]
    : [
        { sector: sector.slug, state: 'submitted', days: 2 + n, held: false },
        ...(practiceDefinition(sector.slug).expectedStart ? [{ sector: sector.slug, state: 'processing', days: 12, held: true, pastExpectedStart: true }] : []),
      ];
});

export const loadDemoActivity = async (app: FastifyInstance, db: TDb, now: Date = new Date()): Promise<{ practices: number; corners: number }> => {
  // Idempotent as the rest of the demo: once the month's first new corner exists, the month is there.
  if (await db.selectFrom('users').select('id').where('email', '=', newCornerEmail(NEW_CORNERS[0])).executeTakeFirst()) return { practices: 0, corners: 0 };
  const SEED = 20_261_127;
  // The month's plan (which practices open when, and how each ends) draws from one generator; each story from its own,
  // so where today cuts a story does not change the others.
  let random = seeded(SEED);
  let stories = 0;
  const today = todayInItaly(now);
  const userId = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const admin = await userId('admin@demo.it');
  const persona = await userId('corner.persona@demo.it');
  const azienda = await userId('corner.azienda@demo.it');
  const brokers = Object.fromEntries(await Promise.all(Object.values(SECTORS).map(async (sector) => [sector.slug, await userId(brokerEmail(sector.brokerType))] as const))) as Record<TSectorSlug, string>;
  const booksOf = async (cornerId: string) => (await db.selectFrom('clients').select('id').where('corner_id', '=', cornerId).orderBy('created_at').orderBy('id').execute()).map((row) => row.id);
  const books = { [persona]: await booksOf(persona), [azienda]: await booksOf(azienda) };

  // Templates: the data of the practices the other demo parts made, per sector (each already valid for its schema,
  // the utilities' with their offer's snapshot); a sector without them starts from its definition's example.
  const templates = new Map<TSectorSlug, unknown[]>();
  for (const row of await db.selectFrom('practices').select(['sector', 'data']).where('corner_id', '=', persona).orderBy('created_at').orderBy('id').execute()) {
    const sector = row.sector as TSectorSlug;
    templates.set(sector, [...(templates.get(sector) ?? []), row.data]);
  }
  const rules = Object.fromEntries(
    await Promise.all(SECTOR_LIST.map((sector) => sector.slug).filter(isInsuranceSector).map(async (sector) => [sector, await app.services.settings.getInsuranceRules(sector)] as const)),
  ) as Record<TInsuranceSectorSlug, Awaited<ReturnType<typeof app.services.settings.getInsuranceRules>>>;

  // The products of the product sectors (issue 29), each at its latest version, and the states their practices reached.
  const catalogues = new Map<TSectorSlug, TOfferedProduct[]>();
  for (const sector of SECTOR_LIST.map((item) => item.slug).filter(isProductSector)) catalogues.set(sector, await app.services.products.offeredVersions(sector));
  const reached = new Map<string, Map<string, number>>();
  const reachedOf = (productId: string) => reached.get(productId) ?? reached.set(productId, new Map()).get(productId)!;

  const practices: TPracticeInsert[] = [];
  const events: TEventInsert[] = [];
  const quotations: TQuotationInsert[] = [];
  const payments: TPaymentInsert[] = [];
  const paymentEvents: TPaymentEventInsert[] = [];
  const commissions: (TLedgerInsert & { clawbackAt?: Date; clawbackMonths?: number })[] = [];
  let plateSerial = 0;
  let policySerial = 0;
  let meterSerial = 0;

  /**
   * A product sector's request: the product named (`productId`), else the one with the fewest practices in `state` so
   * far (then the fewest of all); a request of the demo's for it (demo-product-requests.ts) whose answers pass its
   * version, else the template's fields with the version's example answers; the product's snapshot as the server stores it.
   */
  const productRequest = (sector: TSectorSlug, template: Record<string, unknown>, startDay: string, wanted: { productId?: string; state?: string }): Record<string, unknown> => {
    const catalogue = catalogues.get(sector) ?? [];
    if (catalogue.length === 0) throw new Error(`Dati dimostrativi (attività): nessun prodotto offerto in ${sector}`);
    const score = (item: TOfferedProduct) => {
      const states = reachedOf(item.productId);
      return (wanted.state && states.has(wanted.state) ? 1_000 : 0) + [...states.values()].reduce((sum, count) => sum + count, 0);
    };
    const product = catalogue.find((item) => item.productId === wanted.productId) ?? catalogue.reduce((best, item) => (score(item) < score(best) ? item : best));
    const questionnaire = product.content.questionnaire;
    const schema = answersSchemaOf(questionnaire);
    const requests = LEGACY_PRODUCT_REQUESTS.get(product.productId) ?? [];
    const request = requests.length > 0 ? random.pick(requests)(startDay) : null;
    const own = request ? schema.safeParse(request.answers) : null;
    const answers = own?.success ? own.data : schema.parse(exampleOf(questionnaire));
    const fields = own?.success ? request!.fields : template;
    const length = Date.parse(String(fields.endDate)) - Date.parse(String(fields.startDate));
    const subjectKey = subjectKeyOf(product.content.questionnaire);
    // As the server stores it (server/modules/practices/products/product-practices.ts).
    const snapshot: TPracticeProductSnapshot = {
      id: product.productId,
      version: product.version,
      name: product.name,
      documents: product.content.documents,
      commission: product.content.commission,
      ...(subjectKey ? { subjectKey } : {}),
    };
    return {
      ...fields,
      startDate: startDay,
      ...('endDate' in fields ? { endDate: new Date(Date.parse(`${startDay}T12:00:00Z`) + (Number.isFinite(length) && length > 0 ? length : 365 * DAY)).toISOString().slice(0, 10) } : {}),
      product: snapshot,
      answers,
    };
  };

  /** The data of a new practice of `sector` starting on `startDay`, from a template, checked by the sector's schema. */
  const dataFor = (sector: TSectorSlug, startDay: string, fits: (data: unknown) => boolean = () => true, wanted: { productId?: string; state?: string } = {}): unknown => {
    const definition = practiceDefinition(sector);
    const candidates = (templates.get(sector) ?? [definition.example]).filter(fits);
    const template = structuredClone(random.pick(candidates.length > 0 ? candidates : [definition.example])) as Record<string, unknown>;
    let data: Record<string, unknown> = template;
    if (sector === 'rca') {
      const [make, model, fuel, powerKw, valueCents] = random.pick(VEHICLES);
      plateSerial += 1;
      const letter = (n: number) => PLATE_LETTERS[n % PLATE_LETTERS.length]!;
      const plate = `${letter(random.int(0, 3) + 2)}${letter(random.int(0, 21))}${String(100 + ((plateSerial * 37) % 900))}${letter(random.int(0, 21))}${letter(plateSerial)}`;
      const base = rcaDefinition.example;
      data = {
        ...base,
        driver: null,
        drivingKind: random.pick(['free', 'expert'] as const),
        vehicle: { ...base.vehicle, chassis: '', plate, make, model, fuel, powerKw, valueCents, registrationYear: random.int(2012, 2024) },
        currentPolicy: { company: random.pick(COMPANIES), expiryDate: startDay, cuClass: random.pick([1, 1, 1, 2, 3, 4, 6]), claimsLastFiveYears: [0, 0, random.chance(0.15) ? 1 : 0, 0, 0] },
        startDate: startDay,
        covers: random.pick([[], ['roadsideAssistance'], ['fireTheft', 'roadsideAssistance'], ['fireTheft', 'glass', 'roadsideAssistance']]),
      };
    } else if (isProductSector(sector)) {
      data = productRequest(sector, template, startDay, wanted);
    } else {
      // Another meter at another number of a street of the same comune.
      meterSerial += 1;
      const address = template.supplyAddress as Record<string, unknown> | undefined;
      const electricity = template.electricity as Record<string, unknown> | null | undefined;
      const gas = template.gas as Record<string, unknown> | null | undefined;
      data = {
        ...template,
        ...(address ? { supplyAddress: { ...address, street: random.pick(STREETS), streetNumber: String(random.int(1, 180)) } } : {}),
        ...(electricity ? { electricity: { ...electricity, pod: `IT001E${String(40_000_000 + meterSerial * 7_919).padStart(8, '0')}` } } : {}),
        ...(gas ? { gas: { ...gas, pdr: `0088${String(5_000_000_000 + meterSerial * 104_729).padStart(10, '0')}` } } : {}),
      };
    }
    const parsed = definition.data.safeParse(data);
    if (!parsed.success) throw new Error(`Dati dimostrativi (attività): ${sector} ${JSON.stringify(parsed.error.issues)}`);
    return parsed.data;
  };

  /**
   * One practice: opened by `cornerId` at `openedAt`, then the steps of its story, each a few working days after the
   * one before; the story stops at the first step that would fall after `cutoff` (by default now: the practice waits
   * there), or where its outcome means it to wait.
   */
  type TPlan = { sector: TSectorSlug; cornerId: string; openedAt: Date; outcome: string; cutoff?: Date; fits?: (data: unknown) => boolean; untaken?: boolean; productId?: string };
  const story = (plan: TPlan) => {
    const planning = random;
    random = seeded(SEED + ++stories);
    try {
      tell(plan);
    } finally {
      random = planning;
    }
    count(practices.at(-1)!, 1);
  };
  /** Where a product's practice ended (the next request of the sector goes to a product without one there). */
  const count = (row: TPracticeInsert, delta: number) => {
    const product = productOfData(JSON.parse(String(row.data)));
    if (!product) return;
    const states = reachedOf(product.id);
    const total = (states.get(String(row.state)) ?? 0) + delta;
    if (total > 0) states.set(String(row.state), total);
    else states.delete(String(row.state));
  };
  /** The rows written so far, and the taking back of a story's rows after them (a story only appends). */
  const mark = () => ({ practices: practices.length, events: events.length, quotations: quotations.length, payments: payments.length, paymentEvents: paymentEvents.length, commissions: commissions.length });
  const takeBack = (at: ReturnType<typeof mark>) => {
    count(practices[at.practices]!, -1);
    practices.length = at.practices;
    events.length = at.events;
    quotations.length = at.quotations;
    payments.length = at.payments;
    paymentEvents.length = at.paymentEvents;
    commissions.length = at.commissions;
  };
  const tell = (plan: TPlan) => {
    const { sector, cornerId, openedAt } = plan;
    const cutoff = plan.cutoff ?? new Date(now.getTime() - 30 * MINUTE);
    const definition = practiceDefinition(sector);
    const id = random.uuid();
    const book = books[cornerId]!;
    const clientId = book[random.int(0, book.length - 1)]!;
    const startDay = addDays(todayInItaly(openedAt), random.int(10, 45));
    const data = dataFor(sector, startDay, plan.fits, { productId: plan.productId, state: STATE_OF_OUTCOME[plan.outcome] });
    const title = definition.title(data as never);
    const row: TPracticeInsert = {
      id,
      sector,
      client_id: clientId,
      corner_id: cornerId,
      broker_id: null,
      state: definition.initial,
      data: JSON.stringify(data),
      search_text: foldSearchText(definition.searchText(data as never)),
      created_at: openedAt,
      updated_at: openedAt,
      state_changed_at: openedAt,
      expected_start_date: definition.expectedStart?.(data as never, todayInItaly(openedAt)) ?? null,
    };
    practices.push(row);
    events.push({ practice_id: id, at: openedAt, actor_id: cornerId, kind: 'created', to_state: definition.initial });
    let at = openedAt;
    /** The next step's moment, or null when it would come after now (the practice waits where it is). */
    const step = (days: number): Date | null => {
      const next = laterAt(random, at, days);
      if (next.getTime() >= cutoff.getTime()) return null;
      at = next;
      row.updated_at = at;
      return at;
    };
    const move = (actorId: string, to: string, transition: string, payload: Record<string, unknown> = {}) => {
      events.push({ practice_id: id, at, actor_id: actorId, kind: 'state_changed', from_state: row.state, to_state: to, payload: JSON.stringify({ transition, ...payload }) });
      row.state = to;
      row.state_changed_at = at;
    };
    const take = () => {
      row.broker_id = brokers[sector];
      events.push({ practice_id: id, at, actor_id: brokers[sector], kind: 'taken' });
    };
    const broker = brokers[sector];
    // Nobody has taken it yet.
    if (plan.untaken) return;

    if (isInsuranceSector(sector)) {
      if (step(random.int(0, 1)) === null) return;
      take();
      if (plan.outcome === 'refusedEarly') {
        if (step(random.int(1, 2)) === null) return;
        const reason = random.pick(REFUSALS.insurance);
        move(broker, 'notEmitted', 'refuse', { reason });
        row.outcome_reason = reason;
        return;
      }
      if (plan.outcome === 'unquoted') return;
      // One to three quotations, on the same or the next working days.
      const offered: { id: string; company: string; premiumCents: number }[] = [];
      for (let n = random.int(1, 3); n > 0; n--) {
        if (step(offered.length === 0 ? random.int(0, 2) : random.int(0, 1)) === null) break;
        const premiumCents = sector === 'rca' ? random.int(28, 95) * 1_000 + random.int(0, 9) * 50 : sector === 'fideiussioni' ? random.int(15, 60) * 1_000 : random.int(20, 140) * 1_000;
        const company = sector === 'fideiussioni' ? random.pick(BOND_COMPANIES) : random.pick(COMPANIES);
        const qid = random.uuid();
        // The sum a bond guarantees (its product's answer), else the sum insured asked, else a plausible one.
        const guaranteed = answersOfData(data).guaranteedCents;
        const asked = (data as { insuredCents?: unknown }).insuredCents;
        const insured = sector === 'rca' ? null : typeof guaranteed === 'number' ? guaranteed : typeof asked === 'number' ? asked : random.int(5, 60) * 1_000_000;
        quotations.push({
          id: qid,
          practice_id: id,
          company_name: company,
          premium_cents: premiumCents,
          instalments: random.pick([1, 1, 2]),
          person_injury_cents: sector === 'rca' ? 645_000_000 : null,
          property_damage_cents: sector === 'rca' ? 130_000_000 : null,
          insured_cents: insured,
          covers: JSON.stringify([]),
          conditions: sector === 'rca' ? 'Nessuna franchigia sulla garanzia RC.' : 'Franchigia fissa 250 € per sinistro.',
          valid_until: addDays(todayInItaly(at), 30),
          created_by: broker,
          created_at: at,
          updated_at: at,
        });
        events.push({ practice_id: id, at, actor_id: broker, kind: 'quotation_added', payload: JSON.stringify({ quotationId: qid, companyName: company, premiumCents }) });
        offered.push({ id: qid, company, premiumCents });
      }
      if (offered.length === 0 || plan.outcome === 'quoted') return;
      if (plan.outcome === 'lapsed') {
        // Nobody chose: the broker closes the request when the quotations are about to expire.
        if (step(random.int(6, 12)) === null) return;
        const reason = 'Il cliente non ha scelto nessun preventivo: richiesta chiusa alla scadenza delle quotazioni.';
        move(broker, 'notEmitted', 'refuse', { reason });
        row.outcome_reason = reason;
        return;
      }
      // The corner chooses the cheapest and asks for issue: the premium is asked of it.
      if (step(random.int(1, 3)) === null) return;
      const chosen = offered.reduce((best, quotation) => (quotation.premiumCents < best.premiumCents ? quotation : best));
      const chosenRow = quotations.find((quotation) => quotation.id === chosen.id)!;
      chosenRow.chosen = true;
      chosenRow.updated_at = at;
      events.push({ practice_id: id, at, actor_id: cornerId, kind: 'quotation_chosen', payload: JSON.stringify({ quotationId: chosen.id, previousId: null, companyName: chosen.company, premiumCents: chosen.premiumCents }) });
      move(cornerId, 'askEmission', 'askEmission', { quotationId: chosen.id });
      const paymentId = random.uuid();
      const payment: TPaymentInsert = {
        id: paymentId,
        corner_id: cornerId,
        practice_id: id,
        description: `Premio ${SECTORS[sector].label} ${title} (${chosen.company})`,
        amount_cents: chosen.premiumCents,
        status: 'notPaied',
        due_date: new Date(at.getTime() + rules[sector].paymentDueDays * DAY),
        created_at: at,
        updated_at: at,
      };
      payments.push(payment);
      events.push({ practice_id: id, at, actor_id: cornerId, kind: 'payment_requested', payload: JSON.stringify({ paymentId, amountCents: chosen.premiumCents, quotationId: chosen.id }) });
      if (plan.outcome === 'askEmission') return;
      // The corner declares the transfer, the admin confirms it, the broker issues the policy.
      if (step(random.int(0, 2)) === null) return;
      Object.assign(payment, { status: 'pending', declared_at: at, declared_by: cornerId, updated_at: at });
      paymentEvents.push({ payment_id: paymentId, kind: 'declared', actor_id: cornerId, payload: JSON.stringify({ with: [paymentId] }), created_at: at });
      if (plan.outcome === 'paymentPending') return;
      if (plan.outcome === 'refusedLate') {
        if (step(random.int(1, 2)) === null) return;
        const reason = random.pick(REFUSALS.insurance);
        move(broker, 'notEmitted', 'refuse', { reason });
        row.outcome_reason = reason;
        return;
      }
      if (step(random.int(0, 1)) === null) return;
      Object.assign(payment, { status: 'paied', paid_at: at, confirmed_by: admin, updated_at: at });
      paymentEvents.push({ payment_id: paymentId, kind: 'confirmed', actor_id: admin, payload: JSON.stringify({}), created_at: at });
      if (step(random.int(0, 2)) === null) return;
      policySerial += 1;
      // A sector added later numbers its policies by its event prefix.
      const prefix = ({ rca: 'RCA', 'altri-rami': 'AR', fideiussioni: 'FID' } as Readonly<Record<string, string>>)[sector] ?? SECTORS[sector].eventPrefix.toUpperCase();
      const policyNumber = `2026/${prefix}/${String(5_000 + policySerial * 13).padStart(6, '0')}`;
      const effectiveDate = String((data as { startDate: string }).startDate);
      // A guarantee ends on its own date; a policy after a year.
      const endDate = (data as { endDate?: unknown }).endDate;
      const expiryDate = typeof endDate === 'string' ? endDate : addMonthsIso(effectiveDate, 12);
      // A product practice earns what its product version says (as the server issues it), the others the sector's share.
      const product = productOfData(data);
      const commissionCents = product ? productCommissionCents(product.commission, chosen.premiumCents) : rcaCommissionCents(rules[sector].revenue, chosen.premiumCents);
      move(broker, 'emitted', 'emit', { policyNumber, effectiveDate, expiryDate });
      Object.assign(row, { policy_number: policyNumber, policy_effective_date: effectiveDate, policy_expiry_date: expiryDate, commission_cents: commissionCents });
      if (commissionCents > 0) {
        commissions.push({
          corner_id: cornerId,
          practice_id: id,
          sector,
          kind: 'commission',
          amount_cents: commissionCents,
          description: LEDGER_MSG.policyCommissionDescription(policyNumber, title),
          actor_id: broker,
          created_at: at,
        });
      }
      return;
    }

    // Utilities: the broker takes the request and starts the work, the supply starts, a few are rejected or end.
    if (plan.outcome === 'unquoted') return;
    if (step(random.int(0, 2)) === null) return;
    take();
    if (plan.outcome === 'rejectedEarly') {
      const reason = random.pick(REFUSALS.utility);
      move(broker, 'rejected', 'reject', { reason });
      row.outcome_reason = reason;
      return;
    }
    move(broker, 'processing', 'startWork');
    if (plan.outcome === 'processing') return;
    if (plan.outcome === 'rejectedLate') {
      if (step(random.int(2, 5)) === null) return;
      const reason = random.pick(REFUSALS.utility);
      move(broker, 'rejected', 'reject', { reason });
      row.outcome_reason = reason;
      return;
    }
    // A switch starts on the day the rules give it (the first of a month): the broker records it that day, or the first
    // working day after; the other operations within a few working days of the work starting.
    const expected = row.expected_start_date ?? null;
    if (expected) {
      let day = expected;
      while (isWeekend(day)) day = addDays(day, 1);
      const recorded = atRome(day, random.int(9, 12), random.int(0, 59));
      if (recorded.getTime() >= cutoff.getTime() || recorded.getTime() <= at.getTime()) return;
      at = recorded;
      row.updated_at = at;
    } else if (step(random.int(3, 9)) === null) return;
    const activationDate = expected ?? todayInItaly(at);
    const offer = (data as { offer?: { commissionCents?: number | null; clawbackMonths?: number | null } }).offer;
    const commissionCents = offer?.commissionCents ?? null;
    move(broker, 'activated', 'activate', { activationDate });
    Object.assign(row, { supply_start_date: activationDate, commission_cents: commissionCents });
    const months = offer?.clawbackMonths ?? 0;
    const commission = commissionCents
      ? {
          corner_id: cornerId,
          practice_id: id,
          sector,
          kind: 'commission',
          amount_cents: commissionCents,
          description: LEDGER_MSG.commissionDescription(title),
          actor_id: broker,
          available_on: months > 0 ? addMonthsIso(activationDate, months) : null,
          created_at: at,
        }
      : null;
    if (commission) commissions.push(commission);
    if (plan.outcome !== 'ceased') return;
    // The client moves house within days: the supply ends, inside the offer's window the commission goes back.
    if (step(random.int(2, 5)) === null) return;
    const endDate = todayInItaly(at);
    move(broker, 'ceased', 'cease', { endDate, reason: 'Il cliente ha traslocato e ha chiuso il contratto.' });
    row.supply_end_date = endDate;
    if (commission && months > 0) Object.assign(commission, { clawbackAt: at, clawbackMonths: months });
  };

  // How each story ends (unless it is cut by today), by kind of sector.
  const outcomeOf = (sector: TSectorSlug): string => {
    const roll = random.next();
    if (isInsuranceSector(sector)) return roll < 0.52 ? 'emitted' : roll < 0.6 ? 'refusedEarly' : roll < 0.65 ? 'refusedLate' : roll < 0.73 ? 'askEmission' : roll < 0.88 ? 'lapsed' : 'quoted';
    return roll < 0.62 ? 'activated' : roll < 0.74 ? 'ceased' : roll < 0.82 ? 'rejectedEarly' : roll < 0.88 ? 'rejectedLate' : 'processing';
  };
  const pickSector = (): TSectorSlug => {
    let roll = random.next();
    for (const [sector, weight] of SECTOR_WEIGHTS) if ((roll -= weight) < 0) return sector;
    return 'rca';
  };
  // Every working day of the last thirty, three to six practices opened in office hours; the weeks before the month
  // too, fewer a day, so its first days issue and activate and the previous period compares.
  for (let back = 42; back >= 1; back--) {
    const day = addDays(today, -back);
    if (isWeekend(day)) continue;
    for (let n = back > 30 ? random.int(1, 3) : random.int(3, 6); n > 0; n--) {
      const sector = pickSector();
      const minutes = random.int(OPEN, CLOSE - 60);
      // The company corner has not signed its contract (demo-practices.ts): it asks for insurance quotations only.
      const byCompany = isInsuranceSector(sector) && random.chance(0.2);
      const outcome = byCompany ? random.pick(['quoted', 'lapsed', 'lapsed', 'refusedEarly']) : outcomeOf(sector);
      story({ sector, cornerId: byCompany ? azienda : persona, openedAt: atRome(day, Math.floor(minutes / 60), minutes % 60), outcome });
    }
  }

  // The stays past the board's thresholds: each story is cut at the end of the day its stay must have begun by
  // (`days` working days ago), opened early enough that every step before it fits.
  const workingDaysBefore = (day: string, days: number) => {
    let result = day;
    for (let left = days; left > 0; ) {
      result = addDays(result, -1);
      if (!isWeekend(result)) left -= 1;
    }
    return result;
  };
  for (const stuck of STUCK) {
    const definition = practiceDefinition(stuck.sector);
    const changedDay = workingDaysBefore(today, stuck.days);
    // In the initial state the stay begins when it is opened (taken the day after, if held); later states need the steps before.
    let openedDay = stuck.state !== definition.initial ? workingDaysBefore(changedDay, 11) : stuck.held ? workingDaysBefore(changedDay, 1) : changedDay;
    const hasExpectedStart = (data: unknown) => definition.expectedStart?.(data as never, today) != null;
    if (stuck.pastExpectedStart) {
      // A switch asked for long enough ago that the day its supply should have started has passed.
      const probe = dataFor(stuck.sector, today, hasExpectedStart);
      for (let tries = 0; tries < 20 && (definition.expectedStart?.(probe as never, openedDay) ?? today) >= today; tries++) openedDay = workingDaysBefore(openedDay, 5);
    }
    const outcome = { quotating: 'unquoted', askEmission: stuck.paymentPending ? 'paymentPending' : 'askEmission', submitted: 'unquoted', processing: 'processing' }[stuck.state]!;
    const before = practices.length;
    story({
      sector: stuck.sector,
      cornerId: persona,
      openedAt: atRome(openedDay, 9, 30),
      outcome,
      cutoff: stuck.pastExpectedStart ? undefined : atRome(changedDay, 18, 30),
      ...(stuck.pastExpectedStart ? { fits: hasExpectedStart } : {}),
      untaken: !stuck.held,
    });
    const row = practices[before]!;
    if (row.state !== stuck.state || (row.broker_id !== null) !== stuck.held) throw new Error(`Dati dimostrativi (attività): ${stuck.sector} ferma in ${String(row.state)}, non in ${stuck.state}`);
    if (stuck.pastExpectedStart && !(row.expected_start_date && row.expected_start_date < today)) throw new Error('Dati dimostrativi (attività): l’attivazione in ritardo non ha una data prevista passata');
  }

  // Every product of an insurance product sector in every state of the sector (issue 29): the stories the month did not
  // tell, opened long enough ago to end where they should. A request for issue is asked within the board's threshold
  // (the board shows the month's, not one per product): the story opened the fewest working days ago that gets there.
  const askedLately = (row: TPracticeInsert) => now.getTime() - (row.state_changed_at as Date).getTime() < 36 * 3_600_000;
  let coverage = 0;
  for (const [sector, catalogue] of catalogues) {
    if (!isInsuranceSector(sector)) continue;
    for (const product of catalogue) {
      for (const state of Object.keys(SECTORS[sector].states)) {
        const outcome = OUTCOME_OF_STATE[state];
        if (!outcome || reachedOf(product.productId).has(state)) continue;
        coverage += 1;
        const minutes = OPEN + ((coverage * 47) % (CLOSE - 60 - OPEN));
        const tries: [number, (row: TPracticeInsert) => boolean][] =
          state === 'askEmission' ? [...Array.from({ length: 10 }, (_, n): [number, typeof askedLately] => [n + 1, askedLately]), [10, () => true]] : [[15 + (coverage % 14), () => true]];
        const told = tries.some(([daysBack, fits]) => {
          const before = mark();
          story({ sector, cornerId: persona, openedAt: atRome(workingDaysBefore(today, daysBack), Math.floor(minutes / 60), minutes % 60), outcome, productId: product.productId });
          const row = practices[before.practices]!;
          if (row.state === state && fits(row)) return true;
          takeBack(before);
          return false;
        });
        if (!told) throw new Error(`Dati dimostrativi (attività): nessuna pratica di ${product.name} arriva in ${state}`);
      }
    }
  }

  // New corners of the month, in every tier (silver and gold registered in the RUI, section E), on working days.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const corners = NEW_CORNERS.map((corner, index) => {
    // Between four weeks and a few days ago, one every three or four days.
    let day = addDays(today, -27 + index * 3 + random.int(0, 2));
    while (isWeekend(day)) day = addDays(day, 1);
    const at = atRome(day, random.int(9, 17), random.int(0, 59));
    const cf = CodiceFiscale.compute({ name: corner.name, surname: corner.surname, gender: corner.sex, ...corner.born, birthplace: corner.birthplace[0], birthplaceProvincia: corner.birthplace[1] });
    const insurance = corner.tier !== 'bronze';
    return {
      email: newCornerEmail(corner),
      password_hash: passwordHash,
      role: 'corner',
      state: 'active',
      type: 'persona',
      name: corner.name,
      surname: corner.surname,
      cf,
      phone: `+39348${String(2_000_000 + index * 104_729).padStart(7, '0')}`,
      tier: corner.tier,
      rui_section: insurance ? 'E' : null,
      rui_number: insurance ? `E${String(700_000_000 + index * 1_234_567)}` : null,
      rui_verified_at: insurance && index % 2 === 1 ? new Date(at.getTime() + DAY) : null,
      email_verified_at: at,
      privacy_accepted_at: at,
      created_at: at,
      updated_at: at,
    };
  });

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(corners).execute();
    for (let i = 0; i < practices.length; i += 200) await trx.insertInto('practices').values(practices.slice(i, i + 200)).execute();
    const ordered = [...events].sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
    for (let i = 0; i < ordered.length; i += 400) await trx.insertInto('practice_events').values(ordered.slice(i, i + 400)).execute();
    if (quotations.length > 0) await trx.insertInto('practice_quotations').values(quotations).execute();
    if (payments.length > 0) await trx.insertInto('payments').values(payments).execute();
    if (paymentEvents.length > 0) await trx.insertInto('payment_events').values(paymentEvents).execute();
    for (const { clawbackAt, clawbackMonths, ...commission } of commissions) {
      const written = await trx.insertInto('ledger_entries').values(commission).returning('id').executeTakeFirstOrThrow();
      if (!clawbackAt) continue;
      const title = practiceDefinition(commission.sector as TSectorSlug).title(JSON.parse(String(practices.find((row) => row.id === commission.practice_id)!.data)) as never);
      await trx
        .insertInto('ledger_entries')
        .values({
          corner_id: commission.corner_id,
          practice_id: commission.practice_id,
          sector: commission.sector,
          kind: 'clawback',
          amount_cents: -Number(commission.amount_cents),
          description: LEDGER_MSG.clawbackDescription(title, clawbackMonths ?? 0),
          actor_id: commission.actor_id,
          reverses_id: written.id,
          created_at: clawbackAt,
        })
        .execute();
    }
  });

  // Payouts asked for and not yet paid: through the API as the corners would, then dated on the days they asked.
  const login = async (email: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD }, headers: { 'user-agent': UA } });
    const sid = response.cookies.find((cookie) => cookie.name === 'sid');
    if (!sid) throw new Error(`Dati dimostrativi (attività): accesso non riuscito per ${email}`);
    return `sid=${sid.value}`;
  };
  const askPayout = async (email: string, payload: { amountCents: number; method: string }, daysAgo: number) => {
    const request: InjectOptions = { method: 'POST', url: '/api/payouts', payload, headers: { cookie: await login(email), 'user-agent': UA } };
    const response = await app.inject(request);
    if (response.statusCode >= 300) throw new Error(`Dati dimostrativi (attività): richiesta di pagamento → ${response.statusCode} ${response.body}`);
    const { payout } = response.json() as { payout: { id: string } };
    await db.updateTable('payouts').set({ created_at: atRome(addDays(today, -daysAgo), 11, 15) }).where('id', '=', payout.id).execute();
  };
  await askPayout('corner.persona@demo.it', { amountCents: 35_000, method: 'receipt' }, 2);
  await askPayout('corner.azienda@demo.it', { amountCents: 20_000, method: 'invoice' }, 1);
  await app.jobs.drain();
  await app.services.notifications.idle();

  return { practices: practices.length, corners: corners.length };
};
