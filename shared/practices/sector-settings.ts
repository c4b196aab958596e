import type { z } from 'zod';
import type { TInsuranceSectorSlug, TSectorSlug } from '../sectors';
import type { TInsuranceSectorRules } from './definition';
import type { TInsuranceRules } from './rca-settings';
import { PRACTICE_DEFINITIONS, PRACTICE_DEFINITION_LIST } from './registry';

/**
 * Every sector's typed settings blocks, derived from the definitions (issue 25): the server checks a saved value
 * against its schema, reads fall back to its default; the admin's editors and the login sync use the same. A new
 * sector's keys come with its definition; nothing here names a sector.
 */

type TDefinitions = typeof PRACTICE_DEFINITIONS;
type TUnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
type TAllSchemas = TUnionToIntersection<TDefinitions[TSectorSlug]['settings']['schemas']>;

/** Every typed sector settings block by key (all sectors' `settings.schemas` together). */
export const SECTOR_SETTING_SCHEMAS = Object.assign({}, ...PRACTICE_DEFINITION_LIST.map((definition) => definition.settings.schemas)) as { [K in keyof TAllSchemas]: TAllSchemas[K] };
export type TSectorSettingKey = keyof typeof SECTOR_SETTING_SCHEMAS & string;
export type TSectorSettings = { [K in TSectorSettingKey]: z.infer<(typeof SECTOR_SETTING_SCHEMAS)[K]> };

/** The values of a fresh install, every sector's defaults together. */
export const SECTOR_SETTINGS_DEFAULTS = Object.assign({}, ...PRACTICE_DEFINITION_LIST.map((definition) => definition.settings.defaults)) as TSectorSettings;

export const isSectorSettingKey = (key: string): key is TSectorSettingKey => Object.hasOwn(SECTOR_SETTING_SCHEMAS, key);

/** The first problem of a value for one typed sector key, with its path inside the value, or null when it is valid. */
export const sectorSettingIssue = (key: TSectorSettingKey, value: unknown): { path: PropertyKey[]; message: string } | null => {
  const checked = (SECTOR_SETTING_SCHEMAS[key] as z.ZodType).safeParse(value);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  return { path: issue.path, message: issue.message };
};

/** A stored value as the platform reads it: checked, else the default (a value stored before the check). */
export const readSectorSetting = <K extends TSectorSettingKey>(key: K, stored: unknown): TSectorSettings[K] => {
  const checked = (SECTOR_SETTING_SCHEMAS[key] as z.ZodType).safeParse(stored);
  return (checked.success ? checked.data : SECTOR_SETTINGS_DEFAULTS[key]) as TSectorSettings[K];
};

/** The check of a typed sector settings block in a settings update (`{key, value}`), with the message on its field. */
export const sectorSettingRefinement = ({ key, value }: { key: string; value: unknown }, ctx: z.RefinementCtx) => {
  if (!isSectorSettingKey(key)) return;
  const issue = sectorSettingIssue(key, value);
  if (issue) ctx.addIssue({ code: 'custom', path: ['value', ...issue.path], message: issue.message });
};

/** The settings keys of an insurance sector and how its rules come from their values (its definition's `insurance`). */
export const insuranceRulesOf = (sector: TInsuranceSectorSlug): { keys: TSectorSettingKey[]; rules: (values: Record<string, unknown>) => TInsuranceRules; precontractSetting: TSectorSettingKey | null } => {
  const definition = PRACTICE_DEFINITIONS[sector];
  const insurance: TInsuranceSectorRules<any> = definition.insurance;
  return {
    keys: Object.keys(definition.settings.schemas) as TSectorSettingKey[],
    rules: insurance.rules as (values: Record<string, unknown>) => TInsuranceRules,
    precontractSetting: (insurance.precontractSetting as TSectorSettingKey | undefined) ?? null,
  };
};
