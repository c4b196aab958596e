import { describe, expect, it } from 'vitest';
import { auditExportUrl, hasAuditFilters, readAuditFilters, toAuditQuery, writeAuditFilters } from './audit-filters';

const ID = '0b7c1f8e-3b1a-4c2d-9e8f-1a2b3c4d5e6f';

describe('the audit page filters in the address', () => {
  it('reads back what it writes and drops values the server would refuse', () => {
    const filters = { actor: ID, impersonator: '', action: 'login-as', record: '/api/clients', from: '2026-11-01', to: '2026-11-27', page: 2 };
    expect(writeAuditFilters(filters).toString()).toBe(`chi=${ID}&azione=login-as&record=%2Fapi%2Fclients&dal=2026-11-01&al=2026-11-27&pagina=2`);
    expect(readAuditFilters(writeAuditFilters(filters))).toEqual(filters);
    expect(readAuditFilters(new URLSearchParams('chi=nope&dal=ieri&pagina=-1'))).toEqual({ actor: '', impersonator: '', action: '', record: '', from: '', to: '', page: 1 });
    expect(hasAuditFilters(readAuditFilters(new URLSearchParams('pagina=3')))).toBe(false);
  });

  it('asks for whole days, and exports with the same filters', () => {
    const filters = readAuditFilters(new URLSearchParams(`admin=${ID}&dal=2026-11-01&al=2026-11-27`));
    const query = toAuditQuery(filters);
    expect(query).toMatchObject({ impersonator: ID, actor: undefined, page: 1, limit: 25 });
    expect(query.from).toEqual(new Date(2026, 10, 1, 0, 0, 0));
    expect(query.to).toEqual(new Date(2026, 10, 27, 23, 59, 59, 999));
    const url = new URL(auditExportUrl(filters), 'http://localhost');
    expect(url.pathname).toBe('/api/admin/audit/export');
    expect(url.searchParams.get('impersonator')).toBe(ID);
    expect(new Date(url.searchParams.get('from')!)).toEqual(query.from);
    expect(auditExportUrl(readAuditFilters(new URLSearchParams()))).toBe('/api/admin/audit/export');
  });
});
