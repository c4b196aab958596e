import { PRACTICE_DEFINITIONS } from '../../../../shared/practices/registry';
import type { TModuleDeps } from '../../../platform/services';
import { brokerSectorOf } from '../engine/access';
import { clientHasPracticeOf } from './broker-clients.repository';
import type { TPracticesNeeds } from '../engine/types';

/**
 * Brokers read the clients of their sector's practices (issue 15): `clients.get` by a broker answers a client with
 * a practice of the sector the broker works; any other client still answers like a missing one, and a broker never
 * changes a client.
 */
export const registerBrokerClientReach = ({ db }: TModuleDeps, { clients }: Pick<TPracticesNeeds, 'clients'>) => {
  const reaches = async (actor: { userId: string; role: string }, clientId: string): Promise<boolean> => {
    if (actor.role !== 'broker' || !/^[0-9a-f-]{36}$/i.test(clientId)) return false;
    const sector = await brokerSectorOf(db, actor.userId);
    if (!sector || !PRACTICE_DEFINITIONS[sector]) return false;
    return clientHasPracticeOf(db, clientId, sector);
  };
  clients.registerBrokerReach(reaches);
  return { reaches };
};
