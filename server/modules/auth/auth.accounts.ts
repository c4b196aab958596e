import type { TAccountState, TRole } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { TListUsersQuery } from '../../../shared/schemas/auth';
import type { TDb } from '../../db/database';
import type { NewUser } from '../../db/types';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { invalidateUserTokens } from './auth.repository';
import { publishUserChanged } from './user-events';
import * as users from './users.repository';

/**
 * Accounts as other modules (admin) manage them: part of the auth service, which owns the `users` table. No
 * authorisation here: the calling service checked its caller.
 */
export const createAccounts = (
  { db, bus, logger }: Pick<TServiceDeps, 'db' | 'bus' | 'logger'>,
  sessions: { endUserSessions: (trx: TDb, userId: string) => Promise<void>; announceUserSessionsEnded: (userId: string) => Promise<void> },
) => ({
  findAccountByEmail: (email: string) => users.findUserByEmail(db, email),

  /** An account by id, every column; undefined when it does not exist. */
  findAccount: (userId: string) => users.findUserById(db, userId),

  /** An admin's change of an account (profile, tier, RUI, broker sector); tells the modules that keep accounts in memory. */
  updateAccount: async (userId: string, values: users.TAdminAccountUpdate): Promise<void> => {
    await users.updateAccountRow(db, userId, values);
    await publishUserChanged(bus, userId).catch((error: unknown) => logger.warn({ err: error, userId }, 'modifica utente non annunciata'));
  },

  /** What other modules show of people (name parts, role, sector, state, e-mail), by id; unknown ids are skipped. */
  userCards: (ids: readonly string[]) => users.findUserCards(db, ids),

  /** The active accounts of one role, as cards. */
  activeUsersOfRole: (role: TRole) => users.listActiveUsersByRole(db, role),

  /** Cards of active people of `roles` whose name, e-mail or sector matches `pattern` (chat's contact search). */
  searchUserCards: (roles: readonly TRole[], pattern: string, sectors: readonly string[], exceptId: string, limit: number) =>
    users.searchUserCards(db, roles, pattern, sectors, exceptId, limit),

  /** The profile columns of an account (profile module), `within` a transaction when given; undefined when it does not exist. */
  findProfileAccount: (userId: string, within: TDb = db) => users.findProfileRow(within, userId),

  /** Writes the profile fields of spec section 7 and tells the modules that keep accounts in memory. */
  updateProfileFields: async (userId: string, values: users.TProfileUpdate): Promise<void> => {
    await users.updateProfileRow(db, userId, values);
    await publishUserChanged(bus, userId).catch((error: unknown) => logger.warn({ err: error, userId }, 'modifica del profilo non annunciata'));
  },

  /** Inserts an account, in the caller's transaction `trx` when given (the invitation is committed with it). */
  createAccount: (values: NewUser, trx: TDb = db) => users.insertUser(trx, values),

  listAccounts: (query: TListUsersQuery) => users.listUsers(db, query),

  /** Whether the account exists and is not deleted. */
  isLiveAccount: (userId: string) => users.isLiveUser(db, userId),

  hasAdmin: () => users.hasLiveAdmin(db),

  promoteToAdmin: (userId: string, passwordHash: string) => users.promoteToAdmin(db, userId, passwordHash),

  /**
   * Deletes an account (issue 28; the rules are in the admin service, `deleteUser`). In one transaction: the active
   * admins' rows are locked (always first, in id order, so two deletions cannot deadlock), then the account's;
   * `guard` checks and refuses (throwing: nothing is written) and erases what other modules keep of the person in
   * the same transaction; then the row is pseudonymised, its unused links voided and every session of the account
   * (and every impersonation token it issued) ended. After the commit every instance is told. A missing or already
   * deleted account is NOT_FOUND. Answers the row as it was, for the caller's notice.
   */
  deleteAccount: async (
    userId: string,
    guard: (trx: TDb, row: users.TLockedUserRow, activeAdminIds: readonly string[]) => Promise<void>,
  ): Promise<users.TLockedUserRow> => {
    const before = await db.transaction().execute(async (trx) => {
      const activeAdminIds = await users.lockActiveAdminIds(trx);
      const row = await users.lockUserRow(trx, userId);
      if (!row || row.state === 'deleted') throw new AppError('NOT_FOUND', { userMessage: MSG.userNotFound, fields: { userId: [MSG.userNotFound] } });
      await guard(trx, row, activeAdminIds);
      await users.pseudonymiseUser(trx, row);
      await invalidateUserTokens(trx, userId, 'reset');
      await invalidateUserTokens(trx, userId, 'verify');
      await sessions.endUserSessions(trx, userId);
      return row;
    });
    await sessions.announceUserSessionsEnded(userId);
    await publishUserChanged(bus, userId).catch((error: unknown) => logger.warn({ err: error, userId }, 'eliminazione utente non annunciata'));
    return before;
  },

  /**
   * Activates or deactivates an account (not a deleted one: NOT_FOUND). Leaving `active` ends every session of
   * the account and the impersonation tokens it issued, in the same transaction, then on every instance.
   */
  setAccountState: async (userId: string, state: TAccountState): Promise<void> => {
    const isEnding = state !== 'active';
    await db.transaction().execute(async (trx) => {
      const target = await users.lockUserState(trx, userId);
      if (!target || target.state === 'deleted') throw new AppError('NOT_FOUND', { userMessage: MSG.userNotFound, fields: { userId: [MSG.userNotFound] } });
      await users.setUserState(trx, userId, state);
      if (isEnding) await sessions.endUserSessions(trx, userId);
    });
    if (isEnding) await sessions.announceUserSessionsEnded(userId);
    await publishUserChanged(bus, userId).catch((error: unknown) => logger.warn({ err: error, userId }, 'cambio di stato non annunciato'));
  },
});
