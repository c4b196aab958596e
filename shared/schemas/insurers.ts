import { z } from 'zod';
import { zOptionalText, zRequiredText, zText } from './common';
import { MSG } from '../messages';

/** Italian texts of the insurers lists (companies and agencies, issue 15). */
export const INSURERS_MSG = {
  companyNotFound: 'Compagnia non trovata.',
  agencyNotFound: 'Agenzia non trovata.',
  companyInvalid: 'Compagnia non valida.',
  agencyInvalid: 'Agenzia non valida.',
  ivassCodeInvalid: 'Codice IVASS non valido: lettere, cifre, punti e trattini (massimo 20).',
  companyNameTaken: 'Esiste già una compagnia con questo nome.',
  ivassCodeTaken: 'Esiste già una compagnia con questo codice IVASS.',
  agencyCodeTaken: 'Questa compagnia ha già un’agenzia con questo codice.',
  companyInactive: 'La compagnia è disattivata: riattivala prima di aggiungerle agenzie.',
  emailInvalid: MSG.emailInvalid,
  phoneInvalid: MSG.phoneInvalid,
} as const;

const ZId = (message: string) => z.guid({ error: message });

/** An insurance company of the admin list (`/admin/gestione-compagnie`), with its IVASS code. */
export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  /** Number of the company in the IVASS register (Albo delle imprese, e.g. `1.00183`), or of the EU insurer's list; empty when unknown. */
  ivassCode: z.string(),
  active: z.boolean(),
});
export type TCompany = z.infer<typeof ZCompany>;

/** An agency quoting for a company (`/admin/gestione-agenzie`). */
export const ZAgency = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  email: z.string(),
  phone: z.string(),
  active: z.boolean(),
});
export type TAgency = z.infer<typeof ZAgency>;

const zIvassCode = zOptionalText(20).refine((value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9.\-/]{0,19}$/.test(value), { error: INSURERS_MSG.ivassCodeInvalid });

/** A company as the admin creates or edits it. */
export const ZCompanyInput = z.object({
  name: zRequiredText(200),
  ivassCode: zIvassCode,
  active: z.boolean({ error: MSG.required }).default(true),
});
export type TCompanyInput = z.infer<typeof ZCompanyInput>;

const zOptionalEmail = zOptionalText(254).refine((value) => value === '' || z.email().safeParse(value).success, { error: INSURERS_MSG.emailInvalid });
const zOptionalPhone = zOptionalText(30).refine((value) => value === '' || /^\+?[0-9 ().-]{6,20}$/.test(value), { error: INSURERS_MSG.phoneInvalid });

/** An agency as the admin creates or edits it. */
export const ZAgencyInput = z.object({
  companyId: ZId(INSURERS_MSG.companyInvalid),
  name: zRequiredText(200),
  /** The company's code of the agency (codice agenzia); empty when unknown. */
  code: zOptionalText(40),
  city: zOptionalText(120),
  email: zOptionalEmail.transform((value) => value.toLowerCase()),
  phone: zOptionalPhone,
  active: z.boolean({ error: MSG.required }).default(true),
});
export type TAgencyInput = z.infer<typeof ZAgencyInput>;

/** Companies list filters: free search on name and IVASS code; inactive ones only on request. */
export const ZCompaniesQuery = z.object({
  q: zText().trim().max(100).optional(),
  includeInactive: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
});
export type TCompaniesQuery = z.infer<typeof ZCompaniesQuery>;

export const ZAgenciesQuery = z.object({
  companyId: ZId(INSURERS_MSG.companyInvalid).optional(),
  q: zText().trim().max(100).optional(),
  includeInactive: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
});
export type TAgenciesQuery = z.infer<typeof ZAgenciesQuery>;

/**
 * A change (PATCH): only the fields sent change; the result is checked whole by ZCompanyInput / ZAgencyInput
 * (the shapes here only type them, so an absent field never falls back to a default).
 */
export const ZCompanyPatch = z.object({ name: z.string().optional(), ivassCode: z.string().optional(), active: z.boolean().optional() });
export type TCompanyPatch = z.infer<typeof ZCompanyPatch>;
export const ZAgencyPatch = z.object({
  companyId: z.string().optional(),
  name: z.string().optional(),
  code: z.string().optional(),
  city: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  active: z.boolean().optional(),
});
export type TAgencyPatch = z.infer<typeof ZAgencyPatch>;
export const ZCompanyUpdate = z.object({ id: ZId(INSURERS_MSG.companyInvalid), company: ZCompanyPatch });
export const ZAgencyUpdate = z.object({ id: ZId(INSURERS_MSG.agencyInvalid), agency: ZAgencyPatch });
/** `GET /api/admin/companies/:id`, `GET /api/admin/agencies/:id`: one record by its id. */
export const ZCompanyIdInput = ZCompanyUpdate.pick({ id: true });
export const ZAgencyIdInput = ZAgencyUpdate.pick({ id: true });
