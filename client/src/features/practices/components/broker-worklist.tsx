import { SECTORS, type TSectorSlug } from '../../../../../shared/sectors';
import { useSession } from '../../../lib/session/use-session';
import { usePracticesLive } from '../api/use-practices-live';
import { PracticesListView } from './practices-list-view';

/** The worklist of a broker's sector (its home, `/`), live: the practice waiting longest first. */
export const BrokerWorklist = ({ sector }: { sector: TSectorSlug }) => {
  const { user } = useSession();
  usePracticesLive(sector);
  if (!user) return null;
  return <PracticesListView key={SECTORS[sector].slug} sector={sector} mode="worklist" userId={user.id} showCorner />;
};
