import { SECTOR_LIST, SECTORS, type TSectorBrokerType } from './sectors';

/** Roles shown by the platform (spec section 1). */
export const ROLES = ['admin', 'corner', 'broker'] as const;
export type TRole = (typeof ROLES)[number];

/** Account states with their Italian labels (spec section 4). */
export const ACCOUNT_STATES = ['active', 'inactive', 'pending', 'deleted'] as const;
export type TAccountState = (typeof ACCOUNT_STATES)[number];
export const ACCOUNT_STATE_LABELS: Record<TAccountState, string> = {
  active: 'attivo',
  inactive: 'disattivo',
  pending: 'in attesa',
  deleted: 'eliminato',
};

/** User types: `privato` is treated like `persona` for naming (spec section 1). */
export const USER_TYPES = ['persona', 'azienda', 'privato'] as const;
export type TUserType = (typeof USER_TYPES)[number];
export const REGISTRATION_TYPES = ['persona', 'azienda'] as const;

/** The five sector types a broker can have (spec section 3), from the sector registry. */
export const BROKER_TYPES: readonly [TSectorBrokerType, ...TSectorBrokerType[]] = SECTOR_LIST.map((sector) => sector.brokerType) as [
  TSectorBrokerType,
  ...TSectorBrokerType[],
];
export type TBrokerType = TSectorBrokerType;
/** How a broker's sector type is shown to people (the stored values of spec section 3 are lowercase). */
export const BROKER_TYPE_LABELS = Object.fromEntries(SECTOR_LIST.map((sector) => [sector.brokerType, sector.label])) as Record<TBrokerType, string>;

export const TAX_REGIMES = ['Forfettario', 'Ordinario', 'Semplificato'] as const;
export type TTaxRegime = (typeof TAX_REGIMES)[number];

/** RCA practice state labels (spec section 4). */
export const RCA_STATE_LABELS = SECTORS.rca.states;

export const PAYMENT_STATUSES = ['notPaied', 'paied', 'pending'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Keys of the settings blocks that belong to no sector (spec section 3); each sector's keys are in SECTORS. */
const GENERAL_BROKER_SETTING_KEYS = ['aniaState', 'otherDocs', 'profileDocs'] as const;
const GENERAL_ADMIN_SETTING_KEYS = ['aniaConfig', 'otherDocs', 'profileDocs', 'rcaBots', 'clientRetentionYears', 'accountingRetentionYears', 'auditRetentionMonths'] as const;
type TSectorBlockKey<B extends 'admin' | 'broker'> = (typeof SECTORS)[keyof typeof SECTORS]['settings'][B][number];

/** Keys of the broker settings block received at login sync (spec section 3): the general ones and each sector's. */
export const BROKER_SETTING_KEYS: readonly ((typeof GENERAL_BROKER_SETTING_KEYS)[number] | TSectorBlockKey<'broker'>)[] = [
  ...GENERAL_BROKER_SETTING_KEYS,
  ...SECTOR_LIST.flatMap((sector) => sector.settings.broker),
];
export type TBrokerSettingKey = (typeof BROKER_SETTING_KEYS)[number];

/** Keys of the admin settings block (spec section 3): the general ones and each sector's. */
export const ADMIN_SETTING_KEYS: readonly ((typeof GENERAL_ADMIN_SETTING_KEYS)[number] | TSectorBlockKey<'admin'>)[] = [
  ...GENERAL_ADMIN_SETTING_KEYS,
  ...SECTOR_LIST.flatMap((sector) => sector.settings.admin),
];
export type TAdminSettingKey = (typeof ADMIN_SETTING_KEYS)[number];

/**
 * Years a client's data is kept after the practice or payment that holds it (GDPR erasure, issue 14), when the
 * settings `clientRetentionYears` / `accountingRetentionYears` say nothing: intermediary records 5 years (IVASS
 * Reg. 40/2018 art. 67), accounting records 10 years (art. 2220 c.c.).
 */
export const DEFAULT_RETENTION_YEARS = { practice: 5, accounting: 10 } as const;

/** Routes reachable without a session (spec section 2). */
export const PUBLIC_ROUTES = ['/accedi', '/registrati', '/recupero-password', '/privacy'] as const;

/** Client list filter fields (spec section 3). */
export const CLIENT_FILTER_FIELDS = ['business', 'name', 'surname', 'email', 'phone', 'cf', 'vat', 'type'] as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound keeps argon2 hashing cheap for hostile input. */
export const PASSWORD_MAX_LENGTH = 128;
