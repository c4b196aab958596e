import { isQuotationStillValid, type TQuotationCover } from '../../../../shared/practices/quotation';
import type { TQuotation } from '../../../../shared/schemas/quotations';
import type { TQuotationRow } from './quotations.repository';

/** Rows of `practice_quotations` as the API and the engine's parts read them. */

/** A quotation's values without its PDF and author's name (the chosen one, for payments and commissions). */
export type TQuotationCore = Omit<TQuotation, 'file' | 'createdByName'>;

export const today = () => new Date().toISOString().slice(0, 10);

export const toCore = (row: TQuotationRow): TQuotationCore => ({
  id: row.id,
  practiceId: row.practice_id,
  companyId: row.company_id,
  companyName: row.company_name,
  ivassCode: row.ivass_code,
  agencyId: row.agency_id,
  agencyName: row.agency_name,
  premiumCents: Number(row.premium_cents),
  instalments: row.instalments,
  personInjuryCents: row.person_injury_cents === null ? null : Number(row.person_injury_cents),
  propertyDamageCents: row.property_damage_cents === null ? null : Number(row.property_damage_cents),
  insuredCents: row.insured_cents === null ? null : Number(row.insured_cents),
  covers: (row.covers ?? []) as TQuotationCover[],
  conditions: row.conditions,
  validUntil: row.valid_until,
  chosen: row.chosen,
  stillValid: isQuotationStillValid({ validUntil: row.valid_until }, today()),
  createdById: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The values compared for the history of a change (what the broker sees in the form). */
export const comparable = (core: TQuotationCore) => ({
  company: core.companyName,
  agency: core.agencyName,
  premiumCents: core.premiumCents,
  instalments: core.instalments,
  personInjuryCents: core.personInjuryCents,
  propertyDamageCents: core.propertyDamageCents,
  insuredCents: core.insuredCents,
  covers: core.covers,
  conditions: core.conditions,
  validUntil: core.validUntil,
});
