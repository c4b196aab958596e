import { sql } from 'kysely';
import type { TRole } from '../../../shared/constants';
import type { TListUsersQuery } from '../../../shared/schemas/auth';
import type { TDb } from '../../db/database';
import { containsPattern } from '../../db/like';
import type { NewUser, UserUpdate } from '../../db/types';

/**
 * Owns: `users` (module auth; map in server/platform/table-ownership.unit.test.ts). The only SQL on accounts. Other
 * modules reach it through the auth service, or, for reads (and the subqueries of their own statements), through
 * the functions marked "for other modules" below, with their `db` or transaction.
 */

export const findUserByEmail = (db: TDb, email: string) =>
  db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: TDb, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** A corner gets a tier when none is given: gold, as every corner before tiers (the admin lowers it). */
export const insertUser = (db: TDb, user: NewUser) =>
  db
    .insertInto('users')
    .values({ ...user, tier: user.tier ?? (user.role === 'corner' ? 'gold' : null) })
    .returning(['id', 'role', 'state'])
    .executeTakeFirstOrThrow();

/** A pending account whose address was proven becomes active. */
export const activatePendingUser = (db: TDb, id: string) =>
  db.updateTable('users').set({ state: 'active', email_verified_at: new Date(), updated_at: new Date() }).where('id', '=', id).where('state', '=', 'pending').execute();

/** A new password; `verify` also activates a pending account (an e-mailed link proved the address). */
export const setPasswordHash = (db: TDb, id: string, passwordHash: string, options: { verify?: boolean } = {}) => {
  const now = new Date();
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now, ...(options.verify ? { state: 'active', email_verified_at: now } : {}) })
    .where('id', '=', id)
    .execute();
};

/** The account's state, locked until the transaction ends. */
export const lockUserState = (trx: TDb, id: string) => trx.selectFrom('users').select(['id', 'state']).where('id', '=', id).forUpdate().executeTakeFirst();

export const setUserState = (db: TDb, id: string, state: string) => db.updateTable('users').set({ state, updated_at: new Date() }).where('id', '=', id).execute();

/** The account, every column, locked until the transaction ends (an account's deletion). */
export const lockUserRow = (trx: TDb, id: string) => trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
export type TLockedUserRow = NonNullable<Awaited<ReturnType<typeof lockUserRow>>>;

/**
 * The ids of the active admins, locked in id order until the transaction ends: two admins deleting each other at
 * once are serialised, so the second sees the first's change and the platform never loses its last admin.
 */
export const lockActiveAdminIds = async (trx: TDb) =>
  (await trx.selectFrom('users').select('id').where('role', '=', 'admin').where('state', '=', 'active').orderBy('id').forUpdate().execute()).map((row) => row.id);

/** What a deleted account keeps of its name (spec section 4, `eliminato`). */
export const DELETED_USER_NAME = 'Utente eliminato';

/** The address a deleted account keeps: unique, never deliverable (`.invalid`, RFC 2606), so its own is free again. */
export const deletedUserEmail = (id: string) => `eliminato-${id}@invalid`;

/**
 * Deletes an account by pseudonymising its row (issue 28): state `deleted`, the name replaced, the e-mail freed,
 * the personal fields and the password removed. The id stays, so the records kept for their retention period
 * (practices, history, ledger, payments, payouts, audit) still point at it.
 */
export const pseudonymiseUser = (trx: TDb, row: { id: string; type: string }) =>
  trx
    .updateTable('users')
    .set({
      state: 'deleted',
      email: deletedUserEmail(row.id),
      password_hash: null,
      name: DELETED_USER_NAME,
      surname: '',
      business: row.type === 'azienda' ? DELETED_USER_NAME : '',
      vat: '',
      cf: '',
      phone: '',
      img_path: null,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute();

/** Makes an existing account the active administrator with this password. */
export const promoteToAdmin = (db: TDb, id: string, passwordHash: string) =>
  db.updateTable('users').set({ role: 'admin', state: 'active', broker_type: null, password_hash: passwordHash }).where('id', '=', id).execute();

/** Whether an account exists and is not deleted. */
export const isLiveUser = async (db: TDb, id: string) =>
  (await db.selectFrom('users').select('id').where('id', '=', id).where('state', '<>', 'deleted').executeTakeFirst()) !== undefined;

export const hasLiveAdmin = async (db: TDb) =>
  (await db.selectFrom('users').select('id').where('role', '=', 'admin').where('state', '<>', 'deleted').executeTakeFirst()) !== undefined;

/** Accounts by search text, role and state, newest first, paged (limit 0: all), with the total. */
export const listUsers = async (db: TDb, query: TListUsersQuery) => {
  let base = db.selectFrom('users');
  if (query.role) base = base.where('role', '=', query.role);
  if (query.state) base = base.where('state', '=', query.state);
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where((eb) =>
      eb.or(
        [sql<string>`lower(email)`, sql<string>`lower(name || ' ' || surname)`, sql<string>`lower(surname || ' ' || name)`, sql<string>`lower(business)`].map(
          (expression) => eb(expression, 'like', pattern),
        ),
      ),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  let rows = base.select(['id', 'email', 'role', 'state', 'type', 'name', 'surname', 'business', 'broker_type', 'tier', 'created_at']).orderBy('created_at', 'desc').orderBy('id');
  if (query.limit > 0) rows = rows.limit(query.limit).offset((query.page - 1) * query.limit);
  return { rows: await rows.execute(), total: Number(total) };
};

// --- For other modules -----------------------------------------------------------------------------------------

/** A corner's tier (practices: what it may open); undefined for an unknown account. */
export const findTierOf = (db: TDb, userId: string) => db.selectFrom('users').select(['role', 'tier']).where('id', '=', userId).executeTakeFirst();

/** The profile columns of the caller's own account (profile module). */
export const findProfileRow = (db: TDb, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'role', 'type', 'name', 'surname', 'business', 'vat', 'cf', 'tax_regime', 'has_employee', 'img_path', 'email', 'phone', 'broker_type', 'tier'])
    .where('id', '=', userId)
    .executeTakeFirst();
export type TProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

/** Profile fields of spec section 7 (profile module); role, state, e-mail and password are not among them. */
export type TProfileUpdate = Pick<UserUpdate, 'type' | 'name' | 'surname' | 'cf' | 'business' | 'vat' | 'tax_regime' | 'has_employee'>;

export const updateProfileRow = (db: TDb, userId: string, values: TProfileUpdate) =>
  db.updateTable('users').set({ ...values, updated_at: new Date() }).where('id', '=', userId).execute();

/** What an admin changes of an account (PATCH /api/admin/users/:id). */
export type TAdminAccountUpdate = Pick<
  UserUpdate,
  'name' | 'surname' | 'business' | 'vat' | 'cf' | 'phone' | 'tier' | 'rui_section' | 'rui_number' | 'rui_verified_at' | 'broker_type'
>;

export const updateAccountRow = (db: TDb, userId: string, values: TAdminAccountUpdate) =>
  db.updateTable('users').set({ ...values, updated_at: new Date() }).where('id', '=', userId).execute();

const CARD_COLUMNS = ['id', 'role', 'state', 'type', 'name', 'surname', 'business', 'broker_type', 'email'] as const;

/** What other modules show of people (name parts, role, sector, state, e-mail), by id; unknown ids are skipped. */
export const findUserCards = (db: TDb, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('users').select(CARD_COLUMNS).where('id', 'in', [...ids]).execute();
export type TUserCard = Awaited<ReturnType<typeof findUserCards>>[number];

/** Active users of a role (chat: the staff). */
export const listActiveUsersByRole = (db: TDb, role: TRole) => db.selectFrom('users').select(CARD_COLUMNS).where('role', '=', role).where('state', '=', 'active').execute();

/** Active users of these roles matching an `ilike` pattern by name, business or e-mail; brokers also by sector (chat contacts). */
export const searchUserCards = (db: TDb, roles: readonly TRole[], pattern: string, sectors: readonly string[], exceptId: string, limit: number) =>
  roles.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(CARD_COLUMNS)
        .where('role', 'in', [...roles])
        .where('state', '=', 'active')
        .where('id', '<>', exceptId)
        .where((eb) =>
          eb.or([
            eb(sql<string>`name || ' ' || surname`, 'ilike', pattern),
            eb('business', 'ilike', pattern),
            eb('email', 'ilike', pattern),
            ...(sectors.length > 0 ? [eb.and([eb('role', '=', 'broker'), eb('broker_type', 'in', [...sectors])])] : []),
          ]),
        )
        .orderBy('business')
        .orderBy('surname')
        .limit(limit)
        .execute();

/**
 * Subqueries for other modules' statements (`where(column, 'in', …)`, `insert … select`), so that a filter on
 * accounts stays one statement without their SQL leaving this file.
 */
export const userIdsMatching = (db: TDb, pattern: string) =>
  db
    .selectFrom('users')
    .select('users.id')
    .where((eb) => eb.or([eb(sql<string>`name || ' ' || surname`, 'ilike', pattern), eb('business', 'ilike', pattern), eb('email', 'ilike', pattern)]));

export const userIdsOfRole = (db: TDb, role: TRole) => db.selectFrom('users').select('users.id').where('role', '=', role);

/** Who gets a notification: these users (unless deleted), or every active user of a role. */
export type TRecipients = readonly string[] | { role: TRole };

export const recipientIds = (db: TDb, recipients: TRecipients) => {
  const users = db.selectFrom('users').select('users.id');
  return 'role' in recipients ? users.where('role', '=', recipients.role).where('state', '=', 'active') : users.where('id', 'in', [...recipients]).where('state', '<>', 'deleted');
};
