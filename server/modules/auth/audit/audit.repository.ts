import { sql, type Expression, type SqlBool } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TAuditFilters } from '../../../../shared/schemas/audit';

/**
 * Reads and prunes `audit_log` (module auth, see auth.repository.ts). An impersonation session has no id of its
 * own in the log: its calls (`request`) belong to the latest `login-as` of the same admin for the same user at or
 * before them, which is what `session_id` computes (null for calls whose start was pruned).
 */

const IMPERSONATION_ACTIONS = ['login-as', 'request'] as const;

export type TAuditRow = {
  id: string;
  created_at: Date;
  admin_id: string;
  user_id: string;
  action: string;
  method: string | null;
  path: string | null;
  status_code: number | null;
  ip: string | null;
  details: unknown;
  group_key: string;
  session_id: string | null;
};

/** The filters as one condition on `a` (the audit row). */
const whereFilters = (filters: TAuditFilters) => {
  const parts: Expression<SqlBool>[] = [];
  // Who did it: for a call in a login-as session the user acted as, else the writer (`admin_id`).
  if (filters.actor) parts.push(sql<SqlBool>`((a.action = 'request' and a.user_id = ${filters.actor}) or (a.action <> 'request' and a.admin_id = ${filters.actor}))`);
  if (filters.impersonator) parts.push(sql<SqlBool>`(a.action in ('login-as', 'request') and a.admin_id = ${filters.impersonator})`);
  if (filters.action) parts.push(sql<SqlBool>`a.action = ${filters.action}`);
  if (filters.record) {
    const pattern = `%${filters.record.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    parts.push(sql<SqlBool>`(a.path ilike ${pattern} or a.details::text ilike ${pattern})`);
  }
  if (filters.from) parts.push(sql<SqlBool>`a.created_at >= ${filters.from}`);
  if (filters.to) parts.push(sql<SqlBool>`a.created_at <= ${filters.to}`);
  return parts.length === 0 ? sql<SqlBool>`true` : sql.join(parts, sql` and `);
};

/** The filtered rows, each with its group: its impersonation session (`s:<login-as id>`) or itself (`e:<id>`). */
const filteredRows = (filters: TAuditFilters) => sql`
  select a.id::text as id, a.created_at, a.admin_id, a.user_id, a.action, a.method, a.path, a.status_code, a.ip, a.details,
    s.session_id,
    case
      when a.action in ('login-as', 'request') then coalesce('s:' || s.session_id, 'u:' || a.admin_id || ':' || a.user_id)
      else 'e:' || a.id::text
    end as group_key
  from audit_log a
  left join lateral (
    select max(l.id)::text as session_id from audit_log l
    where a.action in ('login-as', 'request') and l.action = 'login-as' and l.admin_id = a.admin_id and l.user_id = a.user_id and l.id <= a.id
  ) s on true
  where ${whereFilters(filters)}`;

/**
 * One page of groups, newest first (by their latest row), with every filtered row of those groups, and how many
 * groups match.
 */
export const findAuditPage = async (db: TDb, filters: TAuditFilters, page: { offset: number; limit: number }) => {
  const groups = sql`select group_key, max(created_at) as last_at, max(id::bigint) as last_id from filtered group by group_key`;
  const [rows, counted] = await Promise.all([
    sql<TAuditRow>`
      with filtered as (${filteredRows(filters)}),
      picked as (${groups} order by last_at desc, last_id desc limit ${page.limit} offset ${page.offset})
      select filtered.* from filtered join picked using (group_key)
      order by picked.last_at desc, picked.last_id desc, filtered.created_at desc, filtered.id::bigint desc`.execute(db),
    sql<{ total: string }>`with filtered as (${filteredRows(filters)}) select count(distinct group_key)::text as total from filtered`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(counted.rows[0]?.total ?? 0) };
};

/** Every filtered row, newest first, at most `max` (the CSV export). */
export const findAuditRows = async (db: TDb, filters: TAuditFilters, max: number) =>
  (await sql<TAuditRow>`select * from (${filteredRows(filters)}) f order by f.created_at desc, f.id::bigint desc limit ${max}`.execute(db)).rows;

/** Names and emails of the people the rows name. */
export const findAuditPeople = (db: TDb, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('users').select(['id', 'email', 'name', 'surname', 'business']).where('id', 'in', [...new Set(ids)]).execute();

/** Deletes the rows written before `before`, in batches so a long backlog does not hold one huge lock; how many. */
export const deleteAuditBefore = async (db: TDb, before: Date, batch = 5_000): Promise<number> => {
  let deleted = 0;
  for (;;) {
    const result = await sql`delete from audit_log where id in (select id from audit_log where created_at < ${before} order by id limit ${batch})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < batch) return deleted;
  }
};

export { IMPERSONATION_ACTIONS };
