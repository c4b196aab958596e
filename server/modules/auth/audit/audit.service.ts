import { AUDIT_CSV_HEADERS, ZAuditQuery, type TAuditEntry, type TAuditFilters, type TAuditItem, type TAuditPage, type TAuditPerson, type TAuditQuery } from '../../../../shared/schemas/audit';
import { requireAdmin, type TRequestContext } from '../../../platform/context';
import type { TServiceDeps } from '../../../platform/deps';
import { parseInput } from '../../../platform/validate';
import * as repo from './audit.repository';

export type TAuditService = ReturnType<typeof createAuditService>;

const DEFAULT_LIMIT = 50;
/** Most rows one CSV export carries (the filters narrow a larger log). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
/** The daily job that deletes what is older than the retention period. */
export const AUDIT_PRUNE_JOB = 'audit-prune';

const ROME_TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' });

/** A bare date as `to` (`2026-11-27`, parsed as its midnight UTC) means the whole of that day. */
const normalisedFilters = (query: TAuditQuery): TAuditFilters => {
  const filters = parseInput(ZAuditQuery, query);
  const rawTo = (query as { to?: unknown }).to;
  if (filters.to && typeof rawTo === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(rawTo)) filters.to = new Date(filters.to.getTime() + 24 * 60 * 60 * 1000 - 1);
  return filters;
};

const displayName = (user: { email: string; name: string; surname: string; business: string }) =>
  user.business || [user.name, user.surname].filter(Boolean).join(' ') || user.email;

const csvCell = (value: string) => {
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with an apostrophe (OWASP CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Months before `now`, at the same day and time (the last day of a shorter month). */
export const monthsBefore = (now: Date, months: number) => {
  const at = new Date(now);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
};

/**
 * The admins' view of the audit log (issue 28): search, impersonation sessions grouped, CSV export, and the
 * retention job. Writing the log stays with the modules that act (auth.repository's insertAuditEntry).
 */
export const createAuditService = ({ db, logger }: TServiceDeps, settings: { getAuditRetentionMonths: () => Promise<number> }) => {
  const toEntries = async (rows: repo.TAuditRow[]): Promise<TAuditEntry[]> => {
    const people = await repo.findAuditPeople(db, rows.flatMap((row) => [row.admin_id, row.user_id]));
    const byId = new Map(people.map((user) => [user.id, { id: user.id, name: displayName(user), email: user.email }] as const));
    const person = (id: string): TAuditPerson => byId.get(id) ?? { id, name: id, email: '' };
    return rows.map((row) => {
      const isCall = row.action === 'request';
      const isImpersonation = isCall || row.action === 'login-as';
      return {
        id: row.id,
        at: new Date(row.created_at),
        actor: person(isCall ? row.user_id : row.admin_id),
        impersonator: isImpersonation ? person(row.admin_id) : null,
        subject: person(row.user_id),
        action: row.action,
        method: row.method,
        path: row.path,
        statusCode: row.status_code,
        ip: row.ip,
        details: row.details ?? null,
      };
    });
  };

  return {
    /**
     * One page of the log, newest first, for admins: each impersonation session is one item holding its start and
     * its calls; everything else one item per entry. `total` counts items.
     */
    list: async (ctx: TRequestContext, query: TAuditQuery): Promise<TAuditPage> => {
      requireAdmin(ctx);
      const filters = normalisedFilters(query);
      const page = filters.page ?? 1;
      const limit = filters.limit ?? DEFAULT_LIMIT;
      const { rows, total } = await repo.findAuditPage(db, filters, { offset: (page - 1) * limit, limit });
      const entries = await toEntries(rows);
      const items: TAuditItem[] = [];
      const sessions = new Map<string, Extract<TAuditItem, { kind: 'impersonation' }>>();
      rows.forEach((row, index) => {
        const entry = entries[index]!;
        if (row.group_key.startsWith('e:')) {
          items.push({ kind: 'entry', key: row.group_key, entry });
          return;
        }
        const session = sessions.get(row.group_key);
        if (session) {
          session.entries.push(entry);
          if (entry.at < session.startedAt) session.startedAt = entry.at;
          return;
        }
        const created = { kind: 'impersonation' as const, key: row.group_key, admin: entry.impersonator!, user: entry.subject, startedAt: entry.at, lastAt: entry.at, entries: [entry] };
        sessions.set(row.group_key, created);
        items.push(created);
      });
      return { items, total, page, limit };
    },

    /** The filtered log as CSV (Italian headers, `;`-separated as Italian spreadsheets expect), newest first. */
    exportCsv: async (ctx: TRequestContext, query: TAuditQuery): Promise<{ filename: string; csv: string }> => {
      requireAdmin(ctx);
      const filters = normalisedFilters(query);
      const rows = await repo.findAuditRows(db, filters, AUDIT_EXPORT_MAX_ROWS);
      const entries = await toEntries(rows);
      const lines = entries.map((entry, index) =>
        [
          ROME_TIME.format(entry.at),
          entry.actor.name,
          entry.actor.email,
          entry.impersonator ? `${entry.impersonator.name} <${entry.impersonator.email}>` : '',
          entry.subject.name,
          entry.action,
          entry.method ?? '',
          entry.path ?? '',
          entry.statusCode === null ? '' : String(entry.statusCode),
          entry.ip ?? '',
          rows[index]!.session_id ?? '',
          entry.details === null ? '' : JSON.stringify(entry.details),
        ]
          .map(csvCell)
          .join(';'),
      );
      const csv = `\uFEFF${[AUDIT_CSV_HEADERS.join(';'), ...lines].join('\r\n')}\r\n`;
      return { filename: `registro-attivita-${new Date().toISOString().slice(0, 10)}.csv`, csv };
    },

    /** Deletes what is older than the retention period (`auditRetentionMonths`, at least six months). */
    prune: async (now = new Date()): Promise<{ deleted: number; before: Date }> => {
      const months = await settings.getAuditRetentionMonths();
      const before = monthsBefore(now, months);
      const deleted = await repo.deleteAuditBefore(db, before);
      if (deleted > 0) logger.info({ deleted, before }, 'audit log pruned');
      return { deleted, before };
    },
  };
};
