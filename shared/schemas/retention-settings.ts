import { z } from 'zod';
import { DEFAULT_RETENTION_YEARS } from '../constants';

/** The admin settings that say how many years a client's data is held (GDPR erasure, issue 14). */
export const RETENTION_SETTING_KEYS = ['clientRetentionYears', 'accountingRetentionYears'] as const;
export type TRetentionSettingKey = (typeof RETENTION_SETTING_KEYS)[number];

/**
 * The fewest years the law allows for each setting (intermediary records: IVASS Reg. 40/2018 art. 67; accounting
 * records: art. 2220 c.c.), which are also the defaults; at most 100 years.
 */
export const RETENTION_YEARS_MIN: Record<TRetentionSettingKey, number> = {
  clientRetentionYears: DEFAULT_RETENTION_YEARS.practice,
  accountingRetentionYears: DEFAULT_RETENTION_YEARS.accounting,
};
export const RETENTION_YEARS_MAX = 100;

export const RETENTION_MSG = {
  notWhole: 'Indica gli anni di conservazione con un numero intero.',
  tooMany: `Gli anni di conservazione non possono essere più di ${RETENTION_YEARS_MAX}.`,
  tooFew: {
    clientRetentionYears: `I dati delle pratiche vanno conservati per almeno ${RETENTION_YEARS_MIN.clientRetentionYears} anni (Reg. IVASS 40/2018, art. 67).`,
    accountingRetentionYears: `Le scritture contabili vanno conservate per almeno ${RETENTION_YEARS_MIN.accountingRetentionYears} anni (art. 2220 c.c.).`,
  } satisfies Record<TRetentionSettingKey, string>,
} as const;

export const isRetentionSettingKey = (key: string): key is TRetentionSettingKey => (RETENTION_SETTING_KEYS as readonly string[]).includes(key);

/** The value of one retention setting: a whole number of years, from the legal minimum to 100. */
export const zRetentionYears = (key: TRetentionSettingKey) =>
  z
    .number({ error: RETENTION_MSG.notWhole })
    .int({ error: RETENTION_MSG.notWhole })
    .min(RETENTION_YEARS_MIN[key], { error: RETENTION_MSG.tooFew[key] })
    .max(RETENTION_YEARS_MAX, { error: RETENTION_MSG.tooMany });
