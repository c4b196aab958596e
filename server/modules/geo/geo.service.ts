import type {
  TAdminComune,
  TAdminComuniQuery,
  TCadastralPlace,
  TComune,
  TProvince,
  TRegion,
  TSearchComuniQuery,
  TUpdateComune,
} from '../../../shared/schemas/geo';
import { GEO_MSG, ZCadastralCode } from '../../../shared/schemas/geo';
import { AppError, validationError } from '../../platform/errors';
import type { TRequestContext } from '../../platform/context';
import { requireActor, requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import type { TDb } from '../../db/database';
import { insertAuditEntry } from '../auth/auth.repository';
import * as repo from './geo.repository';
import { createPlaceResolver } from './geo.resolve';

const toComune = (row: repo.TComuneRow): TComune => ({
  istat: row.istat_code,
  name: row.name,
  sigla: row.province_sigla,
  provinceName: row.province_name,
  cadastralCode: row.cadastral_code,
  caps: row.caps,
  active: row.active,
  mergedInto: row.merged_into,
});

const toAdminComune = (row: repo.TComuneRow): TAdminComune => ({ ...toComune(row), population: row.population, updatedAt: row.updated_at });

export type TGeoService = ReturnType<typeof createGeoService>;

/** Italian reference data: every signed-in user searches it; only admins list it for editing and change it. */
export const createGeoService = ({ db }: TServiceDeps) => {
  /**
   * What a codice catastale names: a comune (merged or inactive ones too: old codici fiscali carry them) or, for
   * a Z code, a foreign country; null when unknown.
   */
  const placeByCadastral = async (code: string): Promise<TCadastralPlace | null> => {
    const parsed = ZCadastralCode.safeParse(code);
    if (!parsed.success) return null;
    if (parsed.data.startsWith('Z')) {
      const country = await repo.findCountry(db, parsed.data);
      return country ? { kind: 'country', country } : null;
    }
    const row = await repo.findComuneByCadastral(db, parsed.data);
    return row ? { kind: 'comune', comune: toComune(row) } : null;
  };

  return {
    /** Typing search over active comuni: name prefix matches first, then names containing the text. */
    searchComuni: async (ctx: TRequestContext, query: TSearchComuniQuery): Promise<TComune[]> => {
      requireActor(ctx);
      return (await repo.searchComuni(db, query.q, query.limit, query.province)).map(toComune);
    },

    /** What a codice catastale names, for a signed-in user (tRPC geo.comuneByCadastral). */
    comuneByCadastral: async (ctx: TRequestContext, code: string): Promise<TCadastralPlace | null> => {
      requireActor(ctx);
      return placeByCadastral(code);
    },

    /** The same for other services (the codice fiscale check of birthplaces), which authorise their own callers. */
    placeByCadastral,

    /** Batched: written comuni and birthplaces to reference data (the clients' import), a few queries for any number. */
    ...createPlaceResolver(db, toComune),

    /**
     * The comuni of these ISTAT codes by code (unknown codes left out), for services that name or check a comune;
     * `on`: the caller's transaction (PGlite has one connection: a read beside an open transaction would wait for it).
     */
    comuniByIstat: async (codes: readonly string[], on: TDb = db): Promise<Map<string, TComune>> =>
      new Map((await repo.findComuniByIstat(on, [...new Set(codes)])).map((row) => [row.istat_code, toComune(row)] as const)),

    /** Whether a CAP is one of a comune's (`TCapCheck`, for the client records' addresses); false for an unknown comune. */
    capBelongsToComune: async (cap: string, comuneIstat: string): Promise<boolean> => (await repo.findComune(db, comuneIstat))?.caps.includes(cap) ?? false,

    provinces: async (ctx: TRequestContext): Promise<TProvince[]> => {
      requireActor(ctx);
      return (await repo.listProvinces(db)).map((p) => ({ code: p.code, sigla: p.sigla, name: p.name, regionCode: p.region_code }));
    },

    regions: async (ctx: TRequestContext): Promise<TRegion[]> => {
      requireActor(ctx);
      return repo.listRegions(db);
    },

    admin: {
      listComuni: async (ctx: TRequestContext, query: TAdminComuniQuery): Promise<{ list: TAdminComune[]; total: number }> => {
        requireAdmin(ctx);
        const { rows, total } = await repo.listComuni(db, query);
        return { list: rows.map(toAdminComune), total };
      },

      /** Renames a comune, fixes its CAPs, (de)activates it or marks it merged into another; audited. */
      updateComune: async (ctx: TRequestContext, input: TUpdateComune): Promise<TAdminComune> => {
        const actor = requireAdmin(ctx);
        const { istat, ...change } = input;
        if (!(await repo.findComune(db, istat))) throw new AppError('NOT_FOUND', { userMessage: GEO_MSG.comuneNotFound });
        if (change.mergedInto) {
          if (change.mergedInto === istat) throw validationError({ mergedInto: [GEO_MSG.mergeIntoItself] }, GEO_MSG.mergeIntoItself);
          const target = await repo.findComune(db, change.mergedInto);
          if (!target) throw validationError({ mergedInto: [GEO_MSG.mergeTargetNotFound] }, GEO_MSG.mergeTargetNotFound);
          if (target.merged_into) throw validationError({ mergedInto: [GEO_MSG.mergeIntoMerged] }, GEO_MSG.mergeIntoMerged);
        }
        // A comune merged into another is no longer offered by the pickers.
        const effective = change.mergedInto && change.active === undefined ? { ...change, active: false } : change;
        await db.transaction().execute(async (trx) => {
          await repo.updateComune(trx, istat, effective);
          await insertAuditEntry(trx, {
            adminId: actor.impersonatorId ?? actor.userId,
            userId: actor.userId,
            action: 'geo_comune_updated',
            method: 'PATCH',
            path: `/api/admin/geo/comuni/${istat}`,
            ip: ctx.ip,
          });
        });
        return toAdminComune((await repo.findComune(db, istat))!);
      },
    },
  };
};
