import { ADMIN_SETTING_KEYS, BROKER_SETTING_KEYS, type TAdminSettingKey } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { TSettings } from '../../../shared/schemas/data';
import type { TRequestContext } from '../../platform/context';
import { requireAdmin, requireRole } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';

export type TSettingsService = ReturnType<typeof createSettingsService>;

export const createSettingsService = ({ db }: TServiceDeps) => {
  const readKeys = async (keys: readonly string[]): Promise<TSettings> => {
    const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...keys]).execute();
    const byKey = new Map(rows.map((row) => [row.key, row.value]));
    return Object.fromEntries(keys.map((key) => [key, byKey.get(key) ?? null]));
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

    /** Bank details shown with the payments (not part of either settings block). */
    getPaymentDetails: async (): Promise<{ iban: string; beneficiary: string; reason: string }> => {
      const row = await db.selectFrom('settings').select('value').where('key', '=', 'paymentDetails').executeTakeFirst();
      const value = (row?.value ?? {}) as Partial<Record<'iban' | 'beneficiary' | 'reason', string>>;
      return { iban: value.iban ?? '', beneficiary: value.beneficiary ?? '', reason: value.reason ?? '' };
    },
  };
};
