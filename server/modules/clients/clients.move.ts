import { CLIENT_RECORD_MSG, type TClientRecord, type TMoveClientInput } from '../../../shared/schemas/client-record';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError, validationError, isUniqueViolation } from '../../platform/errors';
import { findUserCards } from '../auth/users.repository';
import { auditClientChange, clientNotFound } from './clients.access';
import { publishClientsChanged } from './clients.events';
import { moveClientToCorner } from './clients-move.repository';
import * as repo from './clients.repository';

/**
 * An admin moves a client to another corner's book (issue 14, /admin/clienti): the reason goes to the audit log
 * with both corners, the client keeps its notes, and the open lists of both books hear of it. A corner moving its
 * own client is refused; another corner's client, like every other action on it, answers as missing.
 */
export const createClientsMove = (
  { db, bus, logger }: Pick<TServiceDeps, 'db' | 'bus' | 'logger'>,
  readRecord: (id: string) => Promise<TClientRecord>,
) => {
  /** The client of the target book holding the same codice fiscale (person) or partita IVA (company), as a conflict. */
  const checkTargetDuplicate = async (client: { id: string; type: string; cf: string; vat: string }, target: { id: string; name: string }) => {
    const [column, value] = client.type === 'azienda' ? (['vat', client.vat] as const) : (['cf', client.cf] as const);
    if (!value) return;
    const existing = await repo.findDuplicate(db, target.id, column, value, client.id);
    if (!existing) return;
    const message = (column === 'cf' ? CLIENT_RECORD_MSG.moveDuplicateCf : CLIENT_RECORD_MSG.moveDuplicateVat)(getDisplayName(existing), target.name);
    throw new AppError('CONFLICT', { userMessage: message, fields: { toCornerId: [message] } });
  };

  return async (ctx: TRequestContext, input: TMoveClientInput): Promise<TClientRecord> => {
    const actor = requireActor(ctx);
    if (actor.role !== 'admin') {
      if (actor.role !== 'corner' || !(await repo.findClient(db, input.id, actor.userId))) throw clientNotFound();
      throw new AppError('FORBIDDEN');
    }
    const current = await repo.findClient(db, input.id, null);
    if (!current) throw clientNotFound();
    const [corner] = await findUserCards(db, [input.toCornerId]);
    if (!corner || corner.role !== 'corner' || corner.state !== 'active') {
      throw validationError({ toCornerId: [CLIENT_RECORD_MSG.moveTargetNotFound] }, CLIENT_RECORD_MSG.moveTargetNotFound);
    }
    if (corner.id === current.corner_id) throw validationError({ toCornerId: [CLIENT_RECORD_MSG.moveSameCorner] }, CLIENT_RECORD_MSG.moveSameCorner);
    const target = { id: corner.id, name: getDisplayName(corner) || corner.email };
    await checkTargetDuplicate(current, target);

    const from = current.corner_id;
    try {
      await db.transaction().execute(async (trx) => {
        // Only from the book it was read in: a client moved or deleted meanwhile answers as missing.
        const moved = await moveClientToCorner(trx, current.id, from, target.id);
        if (!moved) throw clientNotFound();
        await auditClientChange(trx, ctx, actor, {
          cornerId: from,
          action: 'client_moved',
          method: 'POST',
          path: `/api/clients/${current.id}/move`,
          details: { from, to: target.id, reason: input.reason },
        });
      });
    } catch (error) {
      // A duplicate written into the target book after the check ends in the unique index: the same conflict.
      if (isUniqueViolation(error)) await checkTargetDuplicate(current, target);
      throw error;
    }

    const publish = (cornerId: string, kind: 'upsert' | 'remove') =>
      publishClientsChanged(bus, { cornerId, kind, ids: [current.id] }).catch((error: unknown) => logger.warn({ err: error }, 'evento clienti non pubblicato'));
    await Promise.all([publish(from, 'remove'), publish(target.id, 'upsert')]);
    return readRecord(current.id);
  };
};
