import type { TCadastralPlace, TComune } from '../../../shared/schemas/geo';
import type { TDb } from '../../db/database';
import * as repo from './geo.repository';

/** A comune as written in a file: its name ("Milano", or "Milano (MI)"), its province sigla and CAP when known. */
export type TComuneQuery = { name: string; province?: string; cap?: string };
/** What a written comune names: one comune, none, or several (the same name in more provinces, none given). */
export type TComuneMatch = { kind: 'found'; comune: TComune } | { kind: 'missing' } | { kind: 'ambiguous'; provinces: string[] };

const CHUNK = 1000;
const WITH_SIGLA = /^(.*?)\s*\(\s*([A-Za-z]{2})\s*\)\s*$/;
const CADASTRAL = /^[A-Za-z]\d{3}$/;

/** The comparable form of a place name: the comuni's `search_name` with typographic apostrophes and blanks evened. */
export const placeKey = (name: string) => repo.toSearchName(name.replace(/[’`´]/g, "'")).replace(/\s+/g, ' ').trim();

const splitSigla = (text: string): { name: string; sigla?: string } => {
  const match = WITH_SIGLA.exec(text.trim());
  return match ? { name: match[1]!, sigla: match[2]!.toUpperCase() } : { name: text.trim() };
};

const chunked = async <T, R>(values: readonly T[], run: (part: T[]) => Promise<R[]>): Promise<R[]> => {
  const out: R[] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(...(await run(values.slice(start, start + CHUNK))));
  return out;
};

/**
 * Batched resolution of written places (the clients' import): one query per thousand distinct names, however many
 * rows. `toComune` maps the repository's rows as the geo service does.
 */
export const createPlaceResolver = (db: TDb, toComune: (row: repo.TComuneRow) => TComune) => {
  const comuniByKey = async (keys: Iterable<string>) => {
    const distinct = [...new Set(keys)].filter(Boolean);
    const rows = await chunked(distinct, (part) => repo.findComuniBySearchNames(db, part));
    const byKey = new Map<string, TComune[]>();
    for (const row of rows) {
      const comune = toComune(row);
      const key = placeKey(row.name);
      byKey.set(key, [...(byKey.get(key) ?? []), comune]);
    }
    return byKey;
  };

  const pick = (candidates: readonly TComune[], sigla?: string, cap?: string): TComuneMatch => {
    let found = sigla ? candidates.filter((comune) => comune.sigla === sigla) : [...candidates];
    if (found.some((comune) => comune.active)) found = found.filter((comune) => comune.active);
    if (found.length > 1 && cap) {
      const byCap = found.filter((comune) => comune.caps.includes(cap));
      if (byCap.length > 0) found = byCap;
    }
    if (found.length === 1) return { kind: 'found', comune: found[0]! };
    if (found.length === 0) return { kind: 'missing' };
    return { kind: 'ambiguous', provinces: [...new Set(found.map((comune) => comune.sigla))].sort() };
  };

  /** Each query's comune, by name (accents and case ignored) within its province, the CAP settling a tie. */
  const resolveComuni = async (queries: readonly TComuneQuery[]): Promise<TComuneMatch[]> => {
    const parsed = queries.map((query) => {
      const { name, sigla } = splitSigla(query.name);
      return { key: placeKey(name), sigla: query.province?.trim().toUpperCase() || sigla, cap: query.cap?.trim() };
    });
    const byKey = await comuniByKey(parsed.map((query) => query.key));
    return parsed.map((query) => pick(byKey.get(query.key) ?? [], query.sigla, query.cap));
  };

  /**
   * Each written birthplace: a codice catastale ("F205", "Z404"), a comune ("Milano", "Milano (MI)") or a foreign
   * country by its Italian name ("Albania"); null when unknown or ambiguous. Merged comuni count (old codes carry them).
   */
  const resolveBirthplaces = async (texts: readonly string[]): Promise<(TCadastralPlace | null)[]> => {
    const items = texts.map((text): { code: string } | { key: string; sigla?: string } => {
      const trimmed = text.trim();
      if (CADASTRAL.test(trimmed)) return { code: trimmed.toUpperCase() };
      const { name, sigla } = splitSigla(trimmed);
      return { key: placeKey(name), sigla: sigla === 'EE' ? undefined : sigla };
    });
    const codes = [...new Set(items.flatMap((item) => ('code' in item ? [item.code] : [])))];
    const byCode = new Map((await chunked(codes, (part) => repo.findComuniByCadastralCodes(db, part))).map((row) => [row.cadastral_code, toComune(row)] as const));
    const byKey = await comuniByKey(items.flatMap((item) => ('key' in item ? [item.key] : [])));
    const countries = await repo.listCountries(db);
    const countryByCode = new Map(countries.map((country) => [country.code, country] as const));
    const countryByKey = new Map(countries.map((country) => [placeKey(country.name), country] as const));
    return items.map((item): TCadastralPlace | null => {
      if ('code' in item) {
        const comune = byCode.get(item.code);
        if (comune) return { kind: 'comune', comune };
        const country = countryByCode.get(item.code);
        return country ? { kind: 'country', country } : null;
      }
      const match = pick(byKey.get(item.key) ?? [], item.sigla);
      if (match.kind === 'found') return { kind: 'comune', comune: match.comune };
      const country = item.sigla ? undefined : countryByKey.get(item.key);
      return country ? { kind: 'country', country } : null;
    });
  };

  return { resolveComuni, resolveBirthplaces };
};
