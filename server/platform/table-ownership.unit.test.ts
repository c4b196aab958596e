import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/types';

/**
 * Every table belongs to one module, and only that module's repository layer (`*.repository.ts` files anywhere under `server/modules/<module>/`)
 * holds SQL for it. Another module reaches the table through the owner's service; through a function the owner's
 * repository exports only to take part in its own statement (a subquery such as auth's `recipientIds`) or
 * transaction (`trx`), or to read when its service is not given the owner's (each repository's header says
 * which). Tables of the layers below the modules (platform, realtime) belong to the one file that implements
 * them. Migrations, demo data, test helpers and tests are exempt.
 */
type TOwner = { module: string } | { file: string };

const TABLE_OWNERS = {
  users: { module: 'auth' },
  sessions: { module: 'auth' },
  user_tokens: { module: 'auth' },
  audit_log: { module: 'auth' },
  settings: { module: 'settings' },
  settings_history: { module: 'settings' },
  clients: { module: 'clients' },
  client_notes: { module: 'clients' },
  client_erasure_requests: { module: 'clients' },
  regions: { module: 'geo' },
  provinces: { module: 'geo' },
  comuni: { module: 'geo' },
  countries: { module: 'geo' },
  payments: { module: 'payments' },
  payment_events: { module: 'payments' },
  giftcards: { module: 'payments' },
  giftcard_categories: { module: 'giftcards' },
  giftcard_catalogue: { module: 'giftcards' },
  giftcard_choices: { module: 'giftcards' },
  news: { module: 'news' },
  notifications: { module: 'notifications' },
  notification_preferences: { module: 'notifications' },
  push_subscriptions: { module: 'notifications' },
  email_outbox: { module: 'notifications' },
  chat_rooms: { module: 'chat' },
  chat_participants: { module: 'chat' },
  chat_messages: { module: 'chat' },
  chat_receipts: { module: 'chat' },
  contracts: { module: 'contract' },
  contract_otps: { module: 'contract' },
  files: { module: 'files' },
  pending_blobs: { module: 'files' },
  practices: { module: 'practices' },
  practice_events: { module: 'practices' },
  precontract_templates: { module: 'practices' },
  precontracts: { module: 'practices' },
  precontract_otps: { module: 'practices' },
  practice_quotations: { module: 'practices' },
  ledger_entries: { module: 'ledger' },
  payouts: { module: 'payouts' },
  payout_profiles: { module: 'payouts' },
  referral_codes: { module: 'referrals' },
  referrals: { module: 'referrals' },
  ledger_statements: { module: 'statements' },
  insurance_companies: { module: 'insurers' },
  insurance_agencies: { module: 'insurers' },
  dashboard_state_counts: { module: 'dashboard' },
  dashboard_practice_days: { module: 'dashboard' },
  dashboard_state_days: { module: 'dashboard' },
  dashboard_stays: { module: 'dashboard' },
  dashboard_ledger_days: { module: 'dashboard' },
  products: { module: 'products' },
  product_versions: { module: 'products' },
  app_secrets: { file: 'server/platform/app-secrets.ts' },
  rate_limits: { file: 'server/platform/rate-limit.ts' },
  jobs: { file: 'server/platform/jobs-queue.ts' },
  realtime_payloads: { file: 'server/realtime/pg-event-bus.ts' },
} as const satisfies Record<string, TOwner>;

// A table added to the Database type without an owner fails the typecheck here.
type TUnowned = Exclude<keyof Database, keyof typeof TABLE_OWNERS>;
const everyTableOwned: [TUnowned] extends [never] ? true : TUnowned = true;

/** The few references allowed outside their owner's repository, each with why. Keep it short. */
const OWNERSHIP_EXCEPTIONS: readonly { file: string; table: string; reason: string }[] = [
  // The monthly statement is a read-only report over the ledger, by month, with each entry's practice and client.
  { file: 'server/modules/statements/statements.repository.ts', table: 'ledger_entries', reason: 'statement: balances and entries of a month, read only' },
  { file: 'server/modules/statements/statements.repository.ts', table: 'practices', reason: 'statement: the practice an entry names, read only' },
  { file: 'server/modules/statements/statements.repository.ts', table: 'clients', reason: 'statement: the client of that practice, read only' },
  // The admin dashboard reads its own rollups (kept by triggers) and, as a read-only report, three small tables.
  { file: 'server/modules/dashboard/dashboard.repository.ts', table: 'payments', reason: 'dashboard: payments to confirm, count and total, read only' },
  { file: 'server/modules/dashboard/dashboard.repository.ts', table: 'payouts', reason: 'dashboard: payouts to make, count and total, read only' },
  { file: 'server/modules/dashboard/dashboard.repository.ts', table: 'users', reason: 'dashboard: corners registered in the period, read only' },
  // The stuck-work board reads the waiting rows of three tables in one ordered union, cut at the page.
  { file: 'server/modules/stuck/stuck.repository.ts', table: 'practices', reason: 'stuck work: practices waiting past their threshold, read only' },
  { file: 'server/modules/stuck/stuck.repository.ts', table: 'practice_quotations', reason: 'stuck work: whether a request has a quotation, read only' },
  { file: 'server/modules/stuck/stuck.repository.ts', table: 'payments', reason: 'stuck work: payments waiting for their confirmation, read only' },
  // /metrics counts the two queues at scrape time, read only.
  { file: 'server/platform/metrics.ts', table: 'email_outbox', reason: 'metrics: e-mails not sent yet, by status, read only' },
  { file: 'server/platform/metrics.ts', table: 'jobs', reason: 'metrics: jobs due, delayed, running and failed, by name, read only' },
  // Backups copy every table whole (by name, from pg_tables); two tables are also read by name, read only.
  { file: 'server/ops/backup.ts', table: 'files', reason: 'backup: the live files whose contents it copies, in the same snapshot, read only' },
  { file: 'server/ops/backup.ts', table: 'users', reason: 'restore: whether the target database already holds accounts, read only' },
];

type TTableReference = { file: string; line: number; at: number; table: string; via: string };

/** Kysely calls whose first argument names a table (`'users'`, `'users as u'`). */
const TABLE_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'replaceInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'from',
  'using',
]);
/** In raw `sql` templates: a table after these keywords. */
const SQL_TABLE = /\b(from|join|into|update|table|using)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Table references of one source file: Kysely builder calls and raw `sql` templates, for the tables known here. */
const findTableReferences = (file: string, text: string, tables: ReadonlySet<string>): TTableReference[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: TTableReference[] = [];
  const add = (node: ts.Node, table: string, via: string) => {
    const at = node.getStart(source);
    if (tables.has(table)) found.push({ file, line: source.getLineAndCharacterOfPosition(at).line + 1, at, table, via });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && TABLE_CALLS.has(node.expression.name.text)) {
      const [first] = node.arguments;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        add(first, first.text.trim().split(/\s+/)[0]!, node.expression.name.text);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source).replace(/<.*$/s, '') === 'sql') {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template) ? [template.text] : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      for (const part of parts) for (const match of part.matchAll(SQL_TABLE)) add(node, match[2]!.toLowerCase(), `sql ${match[1]!.toLowerCase()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.sort((a, b) => a.at - b.at);
};

/** Where `table` may be written: its module's repository files, or the one file of a lower layer. */
const isOwnerFile = (file: string, owner: TOwner): boolean =>
  'module' in owner ? new RegExp(`^server/modules/${owner.module}/(?:[^/]+/)*[^/]+\\.repository\\.ts$`).test(file) : file === owner.file;

/** Exempt: tests, test fixtures and helpers, demo data and the database layer itself (migrations live outside server/). */
const isExempt = (file: string): boolean =>
  /\.test\.ts$/.test(file) || /\.fixtures\.ts$/.test(file) || /^server\/(testing|demo|db)\//.test(file) || file.startsWith('server/testing/lint-fixtures/');

/** References outside their owner's repository and not among the exceptions. */
const foreignReferences = (
  sources: readonly { file: string; text: string }[],
  owners: Record<string, TOwner> = TABLE_OWNERS,
  exceptions: readonly { file: string; table: string }[] = OWNERSHIP_EXCEPTIONS,
): TTableReference[] => {
  const tables = new Set(Object.keys(owners));
  return sources
    .filter((source) => !isExempt(source.file))
    .flatMap((source) => findTableReferences(source.file, source.text, tables))
    .filter((ref) => !isOwnerFile(ref.file, owners[ref.table]!))
    .filter((ref) => !exceptions.some((exception) => exception.file === ref.file && exception.table === ref.table));
};

const root = fileURLToPath(new URL('../..', import.meta.url));

const serverSources = () =>
  (readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' }) as string[])
    .map((relative) => `server/${relative.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

const describeRefs = (refs: readonly TTableReference[]) => refs.map((ref) => `${ref.file}:${ref.line} ${ref.via}('${ref.table}')`);

describe('table ownership', () => {
  it('gives every table made by a migration one owner', () => {
    expect(everyTableOwned).toBe(true);
    const migrations = readdirSync(path.join(root, 'migrations')).map((name) => readFileSync(path.join(root, 'migrations', name), 'utf8'));
    const created = new Set(migrations.flatMap((text) => [...text.matchAll(/createTable\(\s*'([a-z_]+)'/g)].map((match) => match[1]!)));
    expect(created.size).toBeGreaterThan(20);
    expect([...created].filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
  });

  it('finds SQL for a table only in its owner’s repository, and keeps no exception nothing needs', () => {
    const sources = serverSources();
    expect(describeRefs(foreignReferences(sources))).toEqual([]);
    const stale = OWNERSHIP_EXCEPTIONS.filter(
      (exception) => foreignReferences(sources, TABLE_OWNERS, OWNERSHIP_EXCEPTIONS.filter((other) => other !== exception)).length === foreignReferences(sources).length,
    );
    expect(stale.map((exception) => `${exception.file} ${exception.table}`)).toEqual([]);
  });

  it('reports a foreign table in a service, a join and a raw sql template, and passes the owner and tests', () => {
    const service = [
      "import { sql } from 'kysely';",
      'export const f = (db) => db.selectFrom(\'users\').select(\'id\').execute();',
      "export const g = (db) => db.selectFrom('chat_rooms as r').innerJoin('users as u', 'u.id', 'r.owner_id').selectAll().execute();",
      'export const h = (db) => sql`select count(*) from chat_messages m join "sessions" s on true`.execute(db);',
      "export const i = (db) => sql<number>`1`.execute(db); // from users: a comment, not SQL",
    ].join('\n');
    const refs = foreignReferences([
      { file: 'server/modules/admin/admin.service.ts', text: service },
      { file: 'server/modules/auth/auth.repository.ts', text: "export const f = (db) => db.selectFrom('users').selectAll().execute();" },
      { file: 'server/modules/admin/admin.users.test.ts', text: "db.deleteFrom('users').execute();" },
      { file: 'server/modules/chat/chat.rest.ts', text: "db.updateTable('chat_receipts as r').from('chat_messages as m').set({}).execute();" },
    ]);
    expect(describeRefs(refs)).toEqual([
      "server/modules/admin/admin.service.ts:2 selectFrom('users')",
      "server/modules/admin/admin.service.ts:3 selectFrom('chat_rooms')",
      "server/modules/admin/admin.service.ts:3 innerJoin('users')",
      "server/modules/admin/admin.service.ts:4 sql from('chat_messages')",
      "server/modules/admin/admin.service.ts:4 sql join('sessions')",
      "server/modules/chat/chat.rest.ts:1 updateTable('chat_receipts')",
      "server/modules/chat/chat.rest.ts:1 from('chat_messages')",
    ]);
  });
});
