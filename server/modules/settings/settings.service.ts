import { ADMIN_SETTING_KEYS, BROKER_SETTING_KEYS, DEFAULT_RETENTION_YEARS, type TAdminSettingKey, type TBrokerSettingKey } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { ZUpdateSettingRequest, type TSettings, type TSettingsSync, type TUpdateSettingRequest } from '../../../shared/schemas/data';
import { RCA_SETTING_KEYS, type TInsuranceRules, type TRcaSettings } from '../../../shared/practices/rca-settings';
import { insuranceRulesOf, isSectorSettingKey, readSectorSetting, sectorSettingRefinement, type TSectorSettingKey, type TSectorSettings } from '../../../shared/practices/sector-settings';
import type { TInsuranceSectorSlug } from '../../../shared/sectors';
import { zRetentionYears, type TRetentionSettingKey } from '../../../shared/schemas/retention-settings';
import { AUDIT_RETENTION_MONTHS_MIN, AUDIT_RETENTION_SETTING_KEY, zAuditRetentionMonths } from '../../../shared/schemas/audit';
import { REFERRAL_DEFAULTS, ZReferralSettings, type TReferralSettings } from '../../../shared/schemas/referrals';
import { ZPlatformCompany } from '../../../shared/schemas/payouts';
import { readStuckThresholds, STUCK_SETTINGS_KEY, ZStuckThresholds, type TStuckThresholds } from '../../../shared/schemas/stuck';
import { generalSettingRefinement, isGeneralSettingKey, readGeneralSetting } from '../../../shared/schemas/general-settings';
import type { TDb } from '../../db/database';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor, requireAdmin, requireRole } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { openBusStream } from '../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../realtime/session-events';
import { isClientEvent, publishToClients, topics } from '../../realtime/topics';
import type { TAuthService } from '../auth/auth.service';
import { createSettingsHistory } from './settings-history';
import * as repo from './settings.repository';

export type TSettingsService = ReturnType<typeof createSettingsService>;

/** The platform's company data for payout documents (not part of either settings block). */
const PLATFORM_COMPANY_KEY = 'platformCompany';
const REFERRAL_SETTINGS_KEY = 'referralSettings';

const ZSettingWrite = ZUpdateSettingRequest.superRefine(sectorSettingRefinement).superRefine(generalSettingRefinement);

/** The first problem of a value under a key's rules of today (the checks of its normal write), null when valid. */
const settingIssue = (key: string, value: unknown): string | null => {
  const checked =
    key === PLATFORM_COMPANY_KEY
      ? ZPlatformCompany.safeParse(value)
      : key === REFERRAL_SETTINGS_KEY
        ? ZReferralSettings.safeParse(value)
        : key === STUCK_SETTINGS_KEY
          ? ZStuckThresholds.safeParse(value)
          : ZSettingWrite.safeParse({ key, value });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Valore non valido.');
};

/** `people`: the accounts (auth, reached after the services are built), for the names in the history. */
export const createSettingsService = ({ db, bus }: TServiceDeps, people: () => Pick<TAuthService, 'userCards'>) => {
  /** Every write of a setting: the value and its history entry (who: the actor, and the admin behind a login-as) in one transaction. */
  const write = (actor: TActor | null, key: string, value: unknown, restoredFrom?: number) =>
    db.transaction().execute((trx) => repo.writeValue(trx, { key, value, actorId: actor?.userId ?? null, impersonatorId: actor?.impersonatorId ?? null, restoredFrom }));


  /** The settings version: the time of the latest change, in ms (a string, as tRPC event ids are). */
  const currentVersion = async (): Promise<string> => {
    const latest = await repo.findLatestChange(db);
    return latest ? String(latest.getTime()) : '0';
  };

  const readKeys = async (keys: readonly string[], within: TDb = db): Promise<TSettings> => {
    const rows = await repo.findValues(within, keys);
    const byKey = new Map(rows.map((row) => [row.key, row.value]));
    // The typed blocks (sector and general keys) answer their typed value, the default when nothing valid is stored (a fresh install).
    const read = (key: string) =>
      isSectorSettingKey(key) ? readSectorSetting(key, byKey.get(key)) : isGeneralSettingKey(key) ? readGeneralSetting(key, byKey.get(key)) : (byKey.get(key) ?? null);
    return Object.fromEntries(keys.map((key) => [key, read(key)]));
  };

  const readRcaSettings = async (within: TDb = db): Promise<TRcaSettings> => (await readKeys(RCA_SETTING_KEYS, within)) as TRcaSettings;

  /** Tells every connected user, on every instance, to reload their settings; the version to reload to. */
  const announce = async (): Promise<TSettingsSync> => {
    await publishToClients(bus, topics.all, { event: 'syncSettings', data: undefined });
    return { version: await currentVersion() };
  };

  return {
    /** GET /api/settings: the sector settings block of spec section 3; not given to brokers (spec section 6). */
    getSettings: async (ctx: TRequestContext): Promise<TSettings> => {
      requireRole(ctx, ['admin', 'corner']);
      return readKeys(BROKER_SETTING_KEYS);
    },

    /** GET /api/admin/settings?key=: one admin settings key, or all of them without a key (admin only). */
    getAdminSettings: async (ctx: TRequestContext, key?: string): Promise<TSettings> => {
      requireAdmin(ctx);
      if (key === undefined || key === '') return readKeys(ADMIN_SETTING_KEYS);
      if (!ADMIN_SETTING_KEYS.includes(key as TAdminSettingKey)) {
        throw new AppError('VALIDATION', { userMessage: MSG.settingKeyInvalid, fields: { key: [MSG.settingKeyInvalid] } });
      }
      return readKeys([key]);
    },

    /**
     * An admin changes one settings key; every connected user, on every instance, is told to reload their settings
     * (`syncSettings` on socket.io, `settings.onSync` on tRPC). Values are checked by the shared schema (the
     * retention periods: whole years, no fewer than the law asks).
     */
    updateSetting: async (ctx: TRequestContext, input: TUpdateSettingRequest): Promise<TSettingsSync> => {
      const actor = requireAdmin(ctx);
      const { key, value } = parseInput(ZSettingWrite, input);
      await write(actor, key, value);
      return announce();
    },

    ...createSettingsHistory({ db, people, issueOf: settingIssue, write, announce }),

    /**
     * Tells one user's connections to reload their settings (their role, sectors or contract changed what they
     * may see).
     */
    syncUser: (userId: string) => publishToClients(bus, topics.user(userId), { event: 'syncSettings', data: undefined }),

    /**
     * Settings-sync signals for the caller: first one at once when settings changed after `lastEventId` (what a
     * reconnecting client missed, collapsed into one reload), then one per change. Ends when `signal` aborts;
     * fails with UNAUTHENTICATED once the session ends.
     */
    watchSync: async (ctx: TRequestContext, options: { lastEventId?: string | null; signal?: AbortSignal }): Promise<AsyncGenerator<TSettingsSync>> => {
      const actor = requireActor(ctx);
      const lastEventId = options.lastEventId ?? null;
      if (lastEventId !== null && !/^\d{1,16}$/.test(lastEventId)) {
        throw new AppError('VALIDATION', { userMessage: MSG.settingsVersionInvalid, fields: { lastEventId: [MSG.settingsVersionInvalid] } });
      }
      const stream = openBusStream(bus, [topics.all, topics.user(actor.userId), topics.role(actor.role), SESSIONS_TOPIC], { signal: options.signal });
      const versionAtStart = await currentVersion().catch((error: unknown) => {
        stream.close();
        throw error;
      });
      return (async function* () {
        if (lastEventId !== null && Number(versionAtStart) > Number(lastEventId)) yield { version: versionAtStart };
        for await (const { topic, payload } of stream) {
          if (topic === SESSIONS_TOPIC) {
            if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
            continue;
          }
          if (isClientEvent(payload) && payload.event === 'syncSettings') yield { version: await currentVersion() };
        }
      })();
    },

    /**
     * Years a client's data is held after a practice (`clientRetentionYears`) or an accounting record
     * (`accountingRetentionYears`): the admin settings when they hold a whole number from the legal minimum (the
     * default) to 100, else the defaults.
     */
    getRetentionYears: async (): Promise<{ practice: number; accounting: number }> => {
      const rows = await repo.findValues(db, ['clientRetentionYears', 'accountingRetentionYears']);
      const byKey = new Map(rows.map((row) => [row.key, Number(row.value)] as const));
      const years = (key: TRetentionSettingKey, fallback: number) => {
        const checked = zRetentionYears(key).safeParse(byKey.get(key));
        return checked.success ? checked.data : fallback;
      };
      return { practice: years('clientRetentionYears', DEFAULT_RETENTION_YEARS.practice), accounting: years('accountingRetentionYears', DEFAULT_RETENTION_YEARS.accounting) };
    },

    /** Months the audit log is kept (`auditRetentionMonths`): the stored value when valid (six or more), else six. */
    getAuditRetentionMonths: async (): Promise<number> => {
      const [row] = await repo.findValues(db, [AUDIT_RETENTION_SETTING_KEY]);
      const checked = zAuditRetentionMonths().safeParse(row === undefined ? undefined : Number(row.value));
      return checked.success ? checked.data : AUDIT_RETENTION_MONTHS_MIN;
    },

    /**
     * The RC Auto blocks, typed, each the default when nothing valid is stored (the practice engine's reads); inside
     * a transaction, read in it (`within`).
     */
    getRcaSettings: (within?: TDb) => readRcaSettings(within),

    /** An insurance sector's rules (quotation validity, payment due days, documents, commission) from its settings keys (its definition's `insurance.rules`). */
    getInsuranceRules: async (sector: TInsuranceSectorSlug, within?: TDb): Promise<TInsuranceRules> => {
      const { keys, rules } = insuranceRulesOf(sector);
      return rules(await readKeys(keys, within));
    },

    /** One typed sector block (the stored value if valid, else its default), for the server's own rules (no access rule). */
    getSectorSetting: async <K extends TSectorSettingKey>(key: K, within?: TDb): Promise<TSectorSettings[K]> => (await readKeys([key], within))[key] as TSectorSettings[K],

    /** settings.rca: the RC Auto blocks for the admin's editor and the corner's forms (not for brokers, spec section 6). */
    getRcaSettingsFor: async (ctx: TRequestContext): Promise<TRcaSettings> => {
      requireRole(ctx, ['admin', 'corner']);
      return readRcaSettings();
    },

    /** One setting's stored value as is (null when missing), for the server's own checks (no access rule), `within` a transaction when given. */
    readValue: async (key: TBrokerSettingKey | TAdminSettingKey, within: TDb = db): Promise<unknown> => (await repo.findValue(within, key)) ?? null,

    /** The platform's company data printed on payout receipts and invoices (issue 27); null until the admin saves them. */
    getPlatformCompany: async (within: TDb = db): Promise<unknown> => (await repo.findValue(within, PLATFORM_COMPANY_KEY)) ?? null,

    /**
     * Saves the platform's company data (the caller, the payouts service, has checked the admin and validated them);
     * `ctx`: whose change the history records.
     */
    setPlatformCompany: async (value: unknown, ctx?: TRequestContext) => {
      await write(ctx?.actor ?? null, PLATFORM_COMPANY_KEY, value);
    },

    /** The referral share's rules (issue 27): the stored ones when valid, else the defaults. */
    getReferralSettings: async (within: TDb = db): Promise<TReferralSettings> => {
      const parsed = ZReferralSettings.safeParse(await repo.findValue(within, REFERRAL_SETTINGS_KEY));
      return parsed.success ? parsed.data : { ...REFERRAL_DEFAULTS };
    },

    /** The stuck-work thresholds (issue 28): the stored ones when valid (a sector they do not name: its kind's defaults), else the defaults. */
    getStuckThresholds: async (within: TDb = db): Promise<TStuckThresholds> => readStuckThresholds(await repo.findValue(within, STUCK_SETTINGS_KEY)),

    /** Saves the stuck-work thresholds (the caller, the stuck service, has checked the admin and validated them); `ctx`: whose change the history records. */
    setStuckThresholds: async (value: TStuckThresholds, ctx?: TRequestContext) => {
      await write(ctx?.actor ?? null, STUCK_SETTINGS_KEY, value);
    },

    /** Saves the referral share's rules (the caller, the referrals service, has checked the admin); `ctx`: whose change the history records. */
    setReferralSettings: async (value: TReferralSettings, ctx?: TRequestContext) => {
      await write(ctx?.actor ?? null, REFERRAL_SETTINGS_KEY, value);
    },

    /** Bank details shown with the payments (not part of either settings block). */
    getPaymentDetails: async (): Promise<{ iban: string; beneficiary: string; reason: string }> => {
      const value = ((await repo.findValue(db, 'paymentDetails')) ?? {}) as Partial<Record<'iban' | 'beneficiary' | 'reason', string>>;
      return { iban: value.iban ?? '', beneficiary: value.beneficiary ?? '', reason: value.reason ?? '' };
    },
  };
};
