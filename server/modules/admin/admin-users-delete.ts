import { MSG } from '../../../shared/messages';
import { practiceDefinition } from '../../../shared/practices/registry';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { todayInItaly } from '../../../shared/rules/italian-day';
import { ADMIN_USER_MSG, type TAdminDeleteUserBody, type TAdminDeleteUserResponse } from '../../../shared/schemas/admin-users';
import { SECTOR_SLUGS } from '../../../shared/sectors';
import type { TDb } from '../../db/database';
import type { TRequestContext } from '../../platform/context';
import { requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TAuthService } from '../auth/auth.service';
import { insertAuditEntry } from '../auth/auth.repository';
import { DELETED_USER_NAME, deletedUserEmail, type TLockedUserRow } from '../auth/users.repository';
import { balancesOf, lockCorner } from '../ledger/ledger.repository';
import { findProfile, listOfCorner, upsertProfile } from '../payouts/payouts.repository';
import { countOpenPracticesOf } from '../practices/engine/practices.repository';
import { deleteCodeOf } from '../referrals/referrals.repository';
import type { TAdminUsersHooks } from './admin-users.service';

/** The final states of every sector: a practice in none of them is still open. */
const FINAL_BY_SECTOR: Readonly<Record<string, readonly string[]>> = Object.fromEntries(SECTOR_SLUGS.map((slug) => [slug, practiceDefinition(slug).final]));

const refused = (message: string) => new AppError('CONFLICT', { userMessage: message });

const openCount = async (trx: TDb, column: 'corner_id' | 'broker_id', userId: string) =>
  (await countOpenPracticesOf(trx, column, userId, FINAL_BY_SECTOR)).reduce((sum, row) => sum + row.open, 0);

/**
 * An admin deletes an account (issue 28; the rules are also in the README, "Utenti e livelli").
 *
 * The account becomes `deleted` ('eliminato') and its personal data is pseudonymised in the same transaction: the
 * name becomes «Utente eliminato», the e-mail `eliminato-<id>@invalid` (the address is free for a new registration),
 * phone, codice fiscale, partita IVA, picture and password are removed, the payout profile (address, IBAN) blanked,
 * the referral code removed, its unused links voided; every session ends at once (its push subscriptions go with
 * them, as on a deactivation) and it can never log in again (`MSG.accountDeleted`).
 *
 * Kept for their legal retention periods (accounting records 10 years, art. 2220 c.c.; intermediary records, IVASS
 * Reg. 40/2018): its practices with their history and documents, ledger entries, payments and payouts (their frozen
 * documents included), audit rows and referrals, all still pointing at the pseudonymised id.
 *
 * Refused with an Italian message, nothing written: the acting admin itself (FORBIDDEN), the last active admin, a
 * corner with practices not in a final state, a ledger balance other than zero or payouts `requested`, a broker
 * holding open practices (reassign them first) (CONFLICT). A missing or already deleted account: NOT_FOUND.
 * Audited (`user_deleted`, with the reason and nothing of the erased data); the admins get `user_update`.
 */
export const createAdminUserDeletion = ({ logger }: Pick<TServiceDeps, 'logger'>, auth: TAuthService, hooks: TAdminUsersHooks = {}) => ({
  deleteUser: async (ctx: TRequestContext, userId: string, input: TAdminDeleteUserBody = {}): Promise<TAdminDeleteUserResponse> => {
    const actor = requireAdmin(ctx);
    if (userId === actor.userId) throw new AppError('FORBIDDEN', { userMessage: ADMIN_USER_MSG.cannotDeleteSelf });
    const reason = input.reason?.trim() || null;
    const guard = async (trx: TDb, row: TLockedUserRow, activeAdminIds: readonly string[]) => {
      // Read under the admins' lock: an admin deleted or deactivated meanwhile acts no more.
      if (!activeAdminIds.includes(actor.userId)) throw new AppError('FORBIDDEN', { userMessage: MSG.forbidden });
      if (row.role === 'admin' && row.state === 'active' && activeAdminIds.every((id) => id === row.id)) throw refused(ADMIN_USER_MSG.lastAdmin);
      const kept: Record<string, unknown> = {};
      if (row.role === 'corner') {
        // The corner's money lock: no payout or reversal slips in between these reads and the commit.
        await lockCorner(trx, row.id);
        const open = await openCount(trx, 'corner_id', row.id);
        if (open > 0) throw refused(ADMIN_USER_MSG.cornerOpenPractices(open));
        const { balanceCents } = await balancesOf(trx, row.id, todayInItaly());
        if (balanceCents !== 0) throw refused(ADMIN_USER_MSG.cornerBalance(formatEuroCents(balanceCents)));
        const payouts = await listOfCorner(trx, row.id);
        const requested = payouts.filter((payout) => payout.state === 'requested').length;
        if (requested > 0) throw refused(ADMIN_USER_MSG.cornerPayoutsRequested(requested));
        if (await findProfile(trx, row.id)) await upsertProfile(trx, row.id, { address: '', postalCode: '', city: '', province: '', iban: '' });
        await deleteCodeOf(trx, row.id);
        kept.payouts = payouts.length;
      }
      if (row.role === 'broker') {
        const held = await openCount(trx, 'broker_id', row.id);
        if (held > 0) throw refused(ADMIN_USER_MSG.brokerOpenPractices(held));
      }
      await insertAuditEntry(trx, {
        adminId: actor.impersonatorId ?? actor.userId,
        userId: row.id,
        action: 'user_deleted',
        method: 'DELETE',
        path: `/api/admin/users/${row.id}`,
        ip: ctx.ip,
        details: { role: row.role, previousState: row.state, ...(reason ? { reason } : {}), ...kept },
      });
    };
    const before = await auth.deleteAccount(userId, guard);
    logger.info({ userId, role: before.role, by: actor.userId }, 'utente eliminato da amministratore');
    // The notice names the pseudonym: nothing of the erased data is written again (notifications are kept).
    await hooks
      .onUserUpdated?.({ email: deletedUserEmail(userId), name: DELETED_USER_NAME })
      .catch((error: unknown) => logger.error({ err: error, userId }, 'notifica eliminazione utente non riuscita'));
    return { id: userId, state: 'deleted', message: ADMIN_USER_MSG.deleted };
  },
});
