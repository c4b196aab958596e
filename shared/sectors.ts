/**
 * The five sectors, one definition each: the slug (URL and key), the label people read, the broker type stored
 * for the broker who works it (spec section 3), the prefix of its settings keys (`rcaDocs`, `luceGasConfig`), the
 * prefix of its notification events (`rca_create`, `lg_update`), its client route (spec section 2), its practice
 * states with their Italian labels (spec section 4 for the insurance ones), and the keys of its settings in the
 * admin block and in the broker block of the login sync (spec section 3; their schemas and defaults are in the
 * sector's practice definition, shared/practices/<sector>.ts, which must give one for each key).
 *
 * This is the light half of a sector's definition (no zod: the first page's bundle reads it); the practice
 * definition (shared/practices/registry.ts) is the other half, typed complete over these slugs.
 *
 * Plain data, no zod: `shared/constants.ts` derives from it and the sign-in page's bundle must stay small; the
 * zod schema of a slug is `ZSectorSlug` in `shared/schemas/sectors.ts`.
 *
 * Listed in the order of spec section 3 (gpl before luce e gas), which the broker types and the notification
 * event keys keep. An unknown slug, broker type or state is an error, never a default sector.
 */

/** In the order spec section 4 lists them. */
const INSURANCE_STATES = {
  askEmission: 'Richiesta emissione',
  emitted: 'Emessa',
  quotating: 'In quotazione',
  notEmitted: 'Non emessa',
} as const;

const UTILITY_STATES = {
  submitted: 'Inviata',
  processing: 'In lavorazione',
  activated: 'Attivata',
  rejected: 'Respinta',
  ceased: 'Cessata',
} as const;

export const SECTORS = {
  rca: {
    slug: 'rca',
    label: 'RC Auto',
    brokerType: 'RC Auto',
    settingsPrefix: 'rca',
    eventPrefix: 'rca',
    route: '/rca',
    kind: 'insurance',
    states: INSURANCE_STATES,
    settings: { admin: ['rcaConfig', 'rcaDocs'], broker: ['rcaDocs', 'rcaRevenue', 'rcaRange', 'rcaPrecontrattuale', 'rcaReproposal'] },
  },
  'altri-rami': {
    slug: 'altri-rami',
    label: 'Altri rami',
    brokerType: 'altri rami',
    settingsPrefix: 'altriRami',
    eventPrefix: 'ar',
    route: '/altri-rami',
    kind: 'insurance',
    states: INSURANCE_STATES,
    settings: { admin: ['altriRamiConfig', 'altriRamiCategories'], broker: ['altriRamiDocs', 'altriRamiRevenue'] },
    /** Its catalogue is data: products the admin builds (issue 29). */
    products: { label: 'Prodotti', noun: 'prodotto' },
  },
  fideiussioni: {
    slug: 'fideiussioni',
    label: 'Fideiussioni',
    brokerType: 'fideiussioni',
    settingsPrefix: 'fideiussioni',
    eventPrefix: 'f',
    route: '/fideiussioni',
    kind: 'insurance',
    states: INSURANCE_STATES,
    settings: { admin: ['fideiussioniConfig'], broker: [] },
    /** Its catalogue is data: bond types the admin builds (issue 29). */
    products: { label: 'Tipi di fideiussione', noun: 'tipo di fideiussione' },
  },
  gpl: {
    slug: 'gpl',
    label: 'GPL',
    brokerType: 'gpl',
    settingsPrefix: 'gpl',
    eventPrefix: 'gpl',
    route: '/gpl',
    kind: 'utility',
    states: UTILITY_STATES,
    settings: { admin: ['gplConfig'], broker: [] },
  },
  'luce-e-gas': {
    slug: 'luce-e-gas',
    label: 'Luce e gas',
    brokerType: 'luce e gas',
    settingsPrefix: 'luceGas',
    eventPrefix: 'lg',
    route: '/luce-e-gas',
    kind: 'utility',
    states: UTILITY_STATES,
    settings: { admin: ['luceGasConfig'], broker: [] },
  },
} as const;

export type TSectorSlug = keyof typeof SECTORS;
export type TSector = (typeof SECTORS)[TSectorSlug];
export type TSectorBrokerType = TSector['brokerType'];
export type TSectorEventPrefix = TSector['eventPrefix'];
export type TSectorKind = TSector['kind'];
/** The settings keys of a sector (admin and broker blocks), spec literals. */
export type TSectorSettingKeyOf<S extends TSectorSlug> = (typeof SECTORS)[S]['settings']['admin' | 'broker'][number];
/** The slugs of the sectors of one kind. */
export type TSectorSlugOfKind<K extends TSectorKind> = { [S in TSectorSlug]: (typeof SECTORS)[S]['kind'] extends K ? S : never }[TSectorSlug];
export type TInsuranceState = keyof typeof INSURANCE_STATES;
export type TUtilityState = keyof typeof UTILITY_STATES;
export type TSectorState<S extends TSector = TSector> = S extends TSector ? keyof S['states'] : never;

export const SECTOR_LIST: readonly TSector[] = Object.values(SECTORS);
export const SECTOR_SLUGS = Object.keys(SECTORS) as TSectorSlug[];

/** Raised for a sector, broker type or state that no definition holds: a bug or bad data, not a user's mistake. */
export class UnknownSectorError extends Error {
  readonly what: 'slug' | 'brokerType' | 'state';
  readonly value: unknown;

  constructor(what: 'slug' | 'brokerType' | 'state', value: unknown, sector?: TSectorSlug) {
    super(`Unknown sector ${what}: ${JSON.stringify(value)}${sector ? ` (sector ${sector})` : ''}`);
    this.name = 'UnknownSectorError';
    this.what = what;
    this.value = value;
  }
}

const has = (record: object, key: unknown): boolean => typeof key === 'string' && Object.hasOwn(record, key);

export const isSectorSlug = (value: unknown): value is TSectorSlug => has(SECTORS, value);

export const isBrokerType = (value: unknown): value is TSectorBrokerType => SECTOR_LIST.some((sector) => sector.brokerType === value);

/** The utility sectors (luce e gas, GPL): activations with an offer, a commission and the brokers' bulk work. */
export type TUtilitySectorSlug = TSectorSlugOfKind<'utility'>;
export const isUtilitySector = (value: unknown): value is TUtilitySectorSlug => isSectorSlug(value) && SECTORS[value].kind === 'utility';

/** The insurance sectors (RC Auto, altri rami, fideiussioni): quotations, a request for issue with its payment, a policy with its commission. */
export type TInsuranceSectorSlug = TSectorSlugOfKind<'insurance'>;
export const isInsuranceSector = (value: unknown): value is TInsuranceSectorSlug => isSectorSlug(value) && SECTORS[value].kind === 'insurance';


/** The sector of a slug; throws UnknownSectorError for anything else. */
export const sectorBySlug = <S extends TSectorSlug>(slug: S): (typeof SECTORS)[S] => {
  if (!isSectorSlug(slug)) throw new UnknownSectorError('slug', slug);
  return SECTORS[slug];
};

/** The sector a broker of this type works; throws UnknownSectorError for an unknown or missing type. */
export const sectorOfBrokerType = (type: TSectorBrokerType | null | undefined): TSector => {
  const sector = SECTOR_LIST.find((entry) => entry.brokerType === type);
  if (!sector) throw new UnknownSectorError('brokerType', type);
  return sector;
};

/** The Italian label of a practice state of a sector; throws UnknownSectorError for a state outside it. */
export const stateLabel = (sector: TSectorSlug, state: string): string => {
  const states: Record<string, string> = sectorBySlug(sector).states;
  const label = has(states, state) ? states[state] : undefined;
  if (label === undefined) throw new UnknownSectorError('state', state, sector);
  return label;
};
