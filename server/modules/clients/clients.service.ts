import type { TListClientsQuery, TClient } from '../../../shared/schemas/data';
import type { ClientRow } from '../../db/types';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import * as repo from './clients.repository';

const toClient = (row: ClientRow): TClient => ({
  id: row.id,
  type: row.type as TClient['type'],
  name: row.name,
  surname: row.surname,
  business: row.business,
  email: row.email,
  phone: row.phone,
  cf: row.cf,
  vat: row.vat,
  cornerId: row.corner_id,
  createdAt: row.created_at,
});

export type TClientsService = ReturnType<typeof createClientsService>;

export const createClientsService = ({ db }: TServiceDeps) => ({
  /**
   * The caller's clients: a corner sees its own book, an admin every corner's. Brokers reach clients only
   * through the practices of their sector, which come with the sector modules: none yet.
   */
  list: async (ctx: TRequestContext, query: TListClientsQuery): Promise<{ list: TClient[]; total: number }> => {
    const actor = requireActor(ctx);
    if (actor.role === 'broker') return { list: [], total: 0 };
    const { rows, total } = await repo.listClients(db, actor.role === 'admin' ? null : actor.userId, query);
    return { list: rows.map(toClient), total };
  },
});
