import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { isBrokerType, sectorOfBrokerType, type TSectorSlug } from '../../../../shared/sectors';
import type { TDb } from '../../../db/database';
import type { TActor } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { findUserCards } from '../../auth/users.repository';
import type { TPracticeScope } from './practices.repository';

/** The one answer for a practice that is missing, of another corner or of another broker's sector. */
export const practiceNotFound = () => new AppError('NOT_FOUND', { userMessage: PRACTICE_MSG.notFound });

/** The sector a broker works (its broker type, spec section 3), or null for a broker without a known type. */
export const brokerSectorOf = async (db: TDb, userId: string): Promise<TSectorSlug | null> => {
  const [card] = await findUserCards(db, [userId]);
  return card && isBrokerType(card.broker_type) ? sectorOfBrokerType(card.broker_type).slug : null;
};

/**
 * Which practices of `sector` the caller reaches: a corner its own, a broker those of the sector its broker type
 * works, an admin every one; null: none (each of them answers like a missing one).
 */
export const scopeOf = async (db: TDb, actor: TActor, sector: TSectorSlug): Promise<TPracticeScope | null> => {
  switch (actor.role) {
    case 'admin':
      return { sector, cornerId: null };
    case 'corner':
      return { sector, cornerId: actor.userId };
    case 'broker':
      return (await brokerSectorOf(db, actor.userId)) === sector ? { sector, cornerId: null } : null;
    default:
      return null;
  }
};
