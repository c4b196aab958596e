import type { TAuditQuery } from '../../../../../shared/schemas/audit';

export const AUDIT_PAGE_SIZE = 25;

/** The audit page's search, kept in the address (Italian parameter names) so a search can be shared and reloaded. */
export type TAuditFilters = {
  actor: string;
  impersonator: string;
  action: string;
  record: string;
  /** `YYYY-MM-DD`, or empty. */
  from: string;
  to: string;
  page: number;
};

const PARAMS = { actor: 'chi', impersonator: 'admin', action: 'azione', record: 'record', from: 'dal', to: 'al' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const readAuditFilters = (params: URLSearchParams): TAuditFilters => {
  const text = (key: keyof typeof PARAMS, pattern?: RegExp) => {
    const value = (params.get(PARAMS[key]) ?? '').trim();
    return pattern && !pattern.test(value) ? '' : value;
  };
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  return {
    actor: text('actor', UUID),
    impersonator: text('impersonator', UUID),
    action: text('action'),
    record: text('record'),
    from: text('from', DAY),
    to: text('to', DAY),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
};

export const writeAuditFilters = (filters: TAuditFilters): URLSearchParams => {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAMS) as (keyof typeof PARAMS)[]) if (filters[key]) params.set(PARAMS[key], filters[key]);
  if (filters.page > 1) params.set('pagina', String(filters.page));
  return params;
};

export const hasAuditFilters = (filters: TAuditFilters) => Boolean(filters.actor || filters.impersonator || filters.action || filters.record || filters.from || filters.to);

/**
 * The server's query: `from` is the start of that day in the browser's time zone; `to` a bare date, which the
 * server reads as the whole day.
 */
export const toAuditQuery = (filters: TAuditFilters, limit = AUDIT_PAGE_SIZE): TAuditQuery => ({
  actor: filters.actor || undefined,
  impersonator: filters.impersonator || undefined,
  action: filters.action || undefined,
  record: filters.record || undefined,
  from: filters.from ? new Date(`${filters.from}T00:00:00`) : undefined,
  to: filters.to ? new Date(`${filters.to}T23:59:59.999`) : undefined,
  page: filters.page,
  limit,
});

/** The CSV export's address, with the same filters (the file is the whole filtered log, not one page). */
export const auditExportUrl = (filters: TAuditFilters): string => {
  const query = toAuditQuery(filters);
  const params = new URLSearchParams();
  for (const key of ['actor', 'impersonator', 'action', 'record'] as const) if (query[key]) params.set(key, String(query[key]));
  if (query.from instanceof Date) params.set('from', query.from.toISOString());
  if (query.to instanceof Date) params.set('to', query.to.toISOString());
  const search = params.toString();
  return `/api/admin/audit/export${search ? `?${search}` : ''}`;
};
