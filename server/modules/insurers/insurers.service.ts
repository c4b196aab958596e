import {
  INSURERS_MSG,
  ZAgencyInput,
  ZCompanyInput,
  type TAgenciesQuery,
  type TAgency,
  type TAgencyPatch,
  type TCompaniesQuery,
  type TCompany,
  type TCompanyPatch,
} from '../../../shared/schemas/insurers';
import type { TDb } from '../../db/database';
import { requireAdmin, requireRole, type TActor, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { insertAuditEntry } from '../auth/auth.repository';
import * as repo from './insurers.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toCompany = (row: repo.TCompanyRow): TCompany => ({ id: row.id, name: row.name, ivassCode: row.ivass_code, active: row.active });
const toAgency = (row: repo.TAgencyRow): TAgency => ({
  id: row.id,
  companyId: row.company_id,
  companyName: row.company_name,
  name: row.name,
  code: row.code,
  city: row.city,
  email: row.email,
  phone: row.phone,
  active: row.active,
});

const fieldError = (field: string, message: string) => new AppError('CONFLICT', { userMessage: message, fields: { [field]: [message] } });

/** What a quotation names, resolved against the lists (ids when the lists know them, the text as typed otherwise). */
export type TQuotedInsurer = { companyId: string | null; companyName: string; ivassCode: string | null; agencyId: string | null; agencyName: string | null };

/**
 * The insurance companies and agencies (issue 15, `/admin/gestione-compagnie`, `/admin/gestione-agenzie`): admins
 * keep them, brokers read them to fill quotations. The companies come preloaded with the insurers authorised in
 * Italy (migration 2026-11-23T2000_practice-quotations, source and date there). Nothing is deleted: a company or
 * agency no longer used is deactivated, so past quotations keep pointing at it.
 */
export const createInsurersService = ({ db }: TServiceDeps) => {
  const readers = ['admin', 'broker'] as const;

  /** Every admin change is audited in its own transaction (who, which record, what it holds now). */
  const audited = <T>(ctx: TRequestContext, actor: TActor, action: string, path: (result: T) => string, write: (trx: TDb) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      const result = await write(trx);
      await insertAuditEntry(trx, { adminId: actor.impersonatorId ?? actor.userId, userId: actor.userId, action, path: path(result), ip: ctx.ip, details: { result } });
      return result;
    });

  const companyOrThrow = async (id: string) => {
    const row = UUID.test(id) ? await repo.findCompany(db, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', { userMessage: INSURERS_MSG.companyNotFound });
    return row;
  };
  const agencyOrThrow = async (id: string) => {
    const row = UUID.test(id) ? await repo.findAgency(db, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', { userMessage: INSURERS_MSG.agencyNotFound });
    return row;
  };

  const checkCompanyClash = async (values: { name: string; ivassCode: string }, exceptId: string | null) => {
    const clash = await repo.findCompanyClash(db, values, exceptId);
    if (!clash) return;
    if (clash.name.toLowerCase() === values.name.toLowerCase()) throw fieldError('name', INSURERS_MSG.companyNameTaken);
    throw fieldError('ivassCode', INSURERS_MSG.ivassCodeTaken);
  };
  const saveCompany = async (values: { name: string; ivassCode: string; active: boolean }, exceptId: string | null, write: () => Promise<repo.TCompanyRow | undefined>) => {
    await checkCompanyClash(values, exceptId);
    try {
      return await write();
    } catch (error) {
      // Two admins saving the same name at once: the unique index decides, the message is the same.
      if (isUniqueViolation(error)) await checkCompanyClash(values, exceptId);
      throw error;
    }
  };

  const checkAgency = async (values: ReturnType<typeof ZAgencyInput.parse>, exceptId: string | null, previousCompanyId: string | null) => {
    const company = await repo.findCompany(db, values.companyId);
    if (!company) throw new AppError('VALIDATION', { userMessage: INSURERS_MSG.companyInvalid, fields: { companyId: [INSURERS_MSG.companyInvalid] } });
    if (!company.active && values.active && company.id !== previousCompanyId) {
      throw new AppError('VALIDATION', { userMessage: INSURERS_MSG.companyInactive, fields: { companyId: [INSURERS_MSG.companyInactive] } });
    }
    if (values.code && (await repo.findAgencyCodeClash(db, values.companyId, values.code, exceptId))) throw fieldError('code', INSURERS_MSG.agencyCodeTaken);
  };

  return {
    companies: {
      /** The companies by name, active ones only unless asked; admins and brokers. */
      list: async (ctx: TRequestContext, query: TCompaniesQuery = {}): Promise<TCompany[]> => {
        requireRole(ctx, readers);
        return (await repo.listCompanies(db, query)).map(toCompany);
      },
      /** One company (inactive ones too); admins and brokers. */
      get: async (ctx: TRequestContext, id: string): Promise<TCompany> => {
        requireRole(ctx, readers);
        return toCompany(await companyOrThrow(id));
      },
      create: async (ctx: TRequestContext, input: unknown): Promise<TCompany> => {
        const actor = requireAdmin(ctx);
        const values = parseInput(ZCompanyInput, input);
        const row = await saveCompany(values, null, () =>
          audited<repo.TCompanyRow>(ctx, actor, 'insurer_company_created', (created) => `/api/admin/companies/${created.id}`, (trx) => repo.insertCompany(trx, values)),
        );
        return toCompany(row!);
      },
      /** Changes the fields sent (deactivation included); the whole result is checked. */
      update: async (ctx: TRequestContext, id: string, patch: TCompanyPatch): Promise<TCompany> => {
        const actor = requireAdmin(ctx);
        const current = await companyOrThrow(id);
        const values = parseInput(ZCompanyInput, { name: current.name, ivassCode: current.ivass_code, active: current.active, ...stripUndefined(patch) });
        const row = await saveCompany(values, current.id, () =>
          audited(ctx, actor, 'insurer_company_updated', () => `/api/admin/companies/${current.id}`, (trx) => repo.updateCompany(trx, current.id, values)),
        );
        if (!row) throw new AppError('NOT_FOUND', { userMessage: INSURERS_MSG.companyNotFound });
        return toCompany(row);
      },
    },

    agencies: {
      list: async (ctx: TRequestContext, query: TAgenciesQuery = {}): Promise<TAgency[]> => {
        requireRole(ctx, readers);
        return (await repo.listAgencies(db, query)).map(toAgency);
      },
      /** One agency (inactive ones too); admins and brokers. */
      get: async (ctx: TRequestContext, id: string): Promise<TAgency> => {
        requireRole(ctx, readers);
        return toAgency(await agencyOrThrow(id));
      },
      create: async (ctx: TRequestContext, input: unknown): Promise<TAgency> => {
        const actor = requireAdmin(ctx);
        const values = parseInput(ZAgencyInput, input);
        await checkAgency(values, null, null);
        let id: string;
        try {
          id = await audited(ctx, actor, 'insurer_agency_created', (created) => `/api/admin/agencies/${created}`, (trx) => repo.insertAgency(trx, values));
        } catch (error) {
          if (isUniqueViolation(error)) throw fieldError('code', INSURERS_MSG.agencyCodeTaken);
          throw error;
        }
        return toAgency((await repo.findAgency(db, id))!);
      },
      update: async (ctx: TRequestContext, id: string, patch: TAgencyPatch): Promise<TAgency> => {
        const actor = requireAdmin(ctx);
        const current = await agencyOrThrow(id);
        const values = parseInput(ZAgencyInput, {
          companyId: current.company_id,
          name: current.name,
          code: current.code,
          city: current.city,
          email: current.email,
          phone: current.phone,
          active: current.active,
          ...stripUndefined(patch),
        });
        await checkAgency(values, current.id, current.company_id);
        try {
          const updated = await audited(ctx, actor, 'insurer_agency_updated', () => `/api/admin/agencies/${current.id}`, (trx) => repo.updateAgency(trx, current.id, values));
          if (!updated) throw new AppError('NOT_FOUND', { userMessage: INSURERS_MSG.agencyNotFound });
        } catch (error) {
          if (isUniqueViolation(error)) throw fieldError('code', INSURERS_MSG.agencyCodeTaken);
          throw error;
        }
        return toAgency((await repo.findAgency(db, current.id))!);
      },
    },

    /**
     * For the quotations part: the company (an id of the list or a name; a name the list knows becomes its id) and
     * the agency (id or name, of that company when known; empty for none). Unknown names are kept as typed.
     */
    resolveQuoted: async (company: string, agency: string): Promise<TQuotedInsurer> => {
      const companyText = company.trim();
      const companyRow = UUID.test(companyText) ? await repo.findCompany(db, companyText) : await repo.findCompanyByName(db, companyText);
      if (!companyRow && UUID.test(companyText)) {
        throw new AppError('VALIDATION', { userMessage: INSURERS_MSG.companyNotFound, fields: { company: [INSURERS_MSG.companyNotFound] } });
      }
      const agencyText = agency.trim();
      let agencyRow: repo.TAgencyRow | undefined;
      if (agencyText) {
        agencyRow = UUID.test(agencyText) ? await repo.findAgency(db, agencyText) : await repo.findAgencyByName(db, agencyText, companyRow?.id ?? null);
        const mismatch = agencyRow && companyRow && agencyRow.company_id !== companyRow.id;
        if ((!agencyRow && UUID.test(agencyText)) || mismatch) {
          throw new AppError('VALIDATION', { userMessage: INSURERS_MSG.agencyInvalid, fields: { agency: [INSURERS_MSG.agencyInvalid] } });
        }
      }
      return {
        companyId: companyRow?.id ?? null,
        companyName: companyRow?.name ?? companyText,
        ivassCode: companyRow ? companyRow.ivass_code || null : null,
        agencyId: agencyRow?.id ?? null,
        agencyName: agencyRow?.name ?? (agencyText || null),
      };
    },
  };
};

const stripUndefined = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;

export type TInsurersService = ReturnType<typeof createInsurersService>;
