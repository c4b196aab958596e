import { z } from 'zod';
import { PRACTICE_DEFINITIONS } from '../practices/registry';
import { SECTOR_LIST, SECTOR_SLUGS, isSectorSlug, type TSectorKind, type TSectorSlug } from '../sectors';

/**
 * Stuck work (issue 28): what has waited too long in its state, across insurance and utilities. A practice waits
 * from its last change of state (`state_changed_at`, not its creation); a payment from when the corner declared it
 * paid. Thresholds are hours, per sector and state (settings key `stuckThresholds`), with defaults by the sector's
 * kind, so a new sector has sensible ones without an entry here.
 */
export const STUCK_SETTINGS_KEY = 'stuckThresholds';

export const STUCK_MSG = {
  title: 'Lavoro fermo',
  empty: 'Nessun lavoro fermo oltre le soglie: tutto scorre.',
  hoursInvalid: 'Indica le ore con un numero intero da 1 a 2160 (90 giorni).',
  sectorUnknown: (key: string) => `Settore sconosciuto: «${key}».`,
  stateUnknown: (sector: string, state: string) => `Lo stato «${state}» non esiste o è finale nel settore ${sector}.`,
  brokerRequired: 'Scegli il broker a cui assegnare la pratica.',
  brokerInvalid: 'Il broker scelto non esiste, non è attivo o non lavora questo settore.',
  sameBroker: 'La pratica è già assegnata a questo broker.',
  assigned: (name: string) => `Pratica assegnata a ${name}.`,
  assignedTitle: (sector: string) => `${sector}: pratica riassegnata`,
  assignedText: (who: string, title: string, to: string) => `${who} ha assegnato la pratica «${title}» a ${to}.`,
  digestSubject: (count: string, n: number) => `Lavoro fermo: ${count} ${n === 1 ? 'elemento ha' : 'elementi hanno'} superato la soglia`,
  digestIntro: 'Questi elementi hanno superato la soglia di attesa nelle ultime 24 ore:',
  digestMore: (count: number) => `…e altri ${count}. Apri il pannello per vederli tutti.`,
  nobody: 'Nessuno',
  admins: 'Amministrazione',
  saved: 'Soglie del lavoro fermo salvate.',
} as const;

/** Why a row is on the board. */
export const STUCK_REASONS = ['notTaken', 'noQuotation', 'emissionAsked', 'submitted', 'pastExpectedStart', 'waiting', 'paymentPending'] as const;
export type TStuckReason = (typeof STUCK_REASONS)[number];

export const STUCK_REASON_LABELS: Record<TStuckReason, string> = {
  notTaken: 'Nessuno l’ha presa in carico',
  noQuotation: 'Richiesta senza preventivo',
  emissionAsked: 'Emissione richiesta e non fatta',
  submitted: 'Inviata e non lavorata',
  pastExpectedStart: 'Attivazione oltre la data prevista',
  waiting: 'Ferma nello stato',
  paymentPending: 'Pagamento da confermare',
};

const zHours = z.number({ error: STUCK_MSG.hoursInvalid }).int({ error: STUCK_MSG.hoursInvalid }).min(1, { error: STUCK_MSG.hoursInvalid }).max(2160, { error: STUCK_MSG.hoursInvalid });

/** The states of a sector that can hold work (every state but the final ones). */
export const openStatesOf = (sector: TSectorSlug): string[] => {
  const definition = PRACTICE_DEFINITIONS[sector];
  const final = definition.final as readonly string[];
  return Object.keys(definition.states).filter((state) => !final.includes(state));
};

/** Default hours by kind and state: a state not named here is not watched (it waits on the client or the supplier). */
const DEFAULT_STATE_HOURS: Record<TSectorKind, Record<string, number>> = {
  insurance: { quotating: 48, askEmission: 48 },
  utility: { submitted: 48, processing: 24 },
};

export const STUCK_DEFAULTS = { unassignedHours: 24, paymentPendingHours: 72 } as const;

export const ZStuckThresholds = z
  .object({
    /** Per sector and open state: hours in the state before it is stuck (for utilities' `processing`: hours past the expected start). */
    sectors: z.record(z.string(), z.record(z.string(), zHours)),
    /** Hours an open practice may wait with nobody holding it. */
    unassignedHours: zHours,
    /** Hours a payment declared paid may wait for its confirmation. */
    paymentPendingHours: zHours,
  })
  .superRefine((value, ctx) => {
    for (const [sector, states] of Object.entries(value.sectors)) {
      if (!isSectorSlug(sector)) {
        ctx.addIssue({ code: 'custom', path: ['sectors', sector], message: STUCK_MSG.sectorUnknown(sector) });
        continue;
      }
      const open = openStatesOf(sector);
      for (const state of Object.keys(states)) {
        if (!open.includes(state)) ctx.addIssue({ code: 'custom', path: ['sectors', sector, state], message: STUCK_MSG.stateUnknown(sector, state) });
      }
    }
  });
export type TStuckThresholds = z.infer<typeof ZStuckThresholds>;

/** The defaults: each sector gets its kind's hours. */
export const defaultStuckThresholds = (): TStuckThresholds => ({
  sectors: Object.fromEntries(SECTOR_LIST.map((sector) => [sector.slug, { ...DEFAULT_STATE_HOURS[sector.kind] }])),
  ...STUCK_DEFAULTS,
});

/**
 * The thresholds in force: the stored ones when valid, a sector the stored value does not name (one added later)
 * taking its kind's defaults.
 */
export const readStuckThresholds = (stored: unknown): TStuckThresholds => {
  const defaults = defaultStuckThresholds();
  const parsed = ZStuckThresholds.safeParse(stored);
  if (!parsed.success) return defaults;
  return { ...parsed.data, sectors: { ...defaults.sectors, ...parsed.data.sectors } };
};

const STUCK_PAGE_MSG = 'Pagina non valida.';
const STUCK_LIMIT_MSG = 'Numero di righe per pagina non valido: da 1 a 200.';

export const ZStuckQuery = z.object({
  sector: z.enum(SECTOR_SLUGS as unknown as [TSectorSlug, ...TSectorSlug[]], { error: 'Settore sconosciuto.' }).optional(),
  page: z.coerce.number({ error: STUCK_PAGE_MSG }).int({ error: STUCK_PAGE_MSG }).min(1, { error: STUCK_PAGE_MSG }).max(10_000, { error: STUCK_PAGE_MSG }).default(1),
  limit: z.coerce.number({ error: STUCK_LIMIT_MSG }).int({ error: STUCK_LIMIT_MSG }).min(1, { error: STUCK_LIMIT_MSG }).max(200, { error: STUCK_LIMIT_MSG }).default(50),
});
export type TStuckQuery = z.infer<typeof ZStuckQuery>;

export const ZStuckItem = z.object({
  kind: z.enum(['practice', 'payment']),
  reason: z.enum(STUCK_REASONS),
  id: z.string(),
  sector: z.string().nullable(),
  title: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  cornerId: z.string(),
  cornerName: z.string(),
  /** Who holds it: the broker of the practice, null when nobody (or the admins, for a payment). */
  holderId: z.string().nullable(),
  holderName: z.string(),
  /** Since when it waits (the last change of state; for a payment, its declaration). */
  since: z.date(),
  waitingHours: z.number(),
  thresholdHours: z.number(),
  amountCents: z.number().nullable(),
  link: z.string(),
});
export type TStuckItem = z.infer<typeof ZStuckItem>;

/** Counts stop at this many (the board shows «oltre …»): counting further would read every stuck row. */
export const STUCK_COUNT_CAP = 1000;

export const ZStuckPage = z.object({
  list: z.array(ZStuckItem),
  /** How many rows are stuck (at most STUCK_COUNT_CAP; `totalCapped` says there are more). */
  total: z.number(),
  totalCapped: z.boolean(),
  thresholds: ZStuckThresholds,
});
export type TStuckPage = z.infer<typeof ZStuckPage>;

export const ZAssignPracticeRequest = z.object({
  brokerId: z.uuid({ error: STUCK_MSG.brokerRequired }),
});
export type TAssignPracticeRequest = z.infer<typeof ZAssignPracticeRequest>;
