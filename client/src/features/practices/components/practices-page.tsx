import { Stack } from '@mantine/core';
import { SECTORS, type TSectorSlug } from '../../../../../shared/sectors';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { usePracticesLive } from '../api/use-practices-live';
import { PracticesListView } from './practices-list-view';

const DESCRIPTIONS = {
  corner: (label: string) => `Le tue richieste ${label}: stato, quotazioni ricevute, documenti.`,
  admin: (label: string) => `Le pratiche ${label} di tutti i corner.`,
  broker: (label: string) => `Le pratiche ${label} inviate dai corner, da prendere in carico, quotare ed emettere.`,
};

/**
 * A sector's page (`/rca`) for a sector with a definition: a corner's own practices, an admin's view of every
 * corner's, a broker's worklist. What others change shows here without a reload.
 */
export const PracticesPage = ({ sector }: { sector: TSectorSlug }) => {
  const { user } = useSession();
  usePracticesLive(sector);
  if (!user) return null;
  const label = SECTORS[sector].label;
  const role = user.role === 'admin' ? 'admin' : user.role === 'broker' ? 'broker' : 'corner';
  return (
    <Stack gap="lg">
      <PageHeader title={role === 'broker' ? `Pratiche ${label} da lavorare` : label} description={DESCRIPTIONS[role](label)} />
      <PracticesListView
        sector={sector}
        mode={role === 'broker' ? 'worklist' : 'list'}
        userId={user.id}
        canCreate={role !== 'broker'}
        showCorner={role !== 'corner'}
      />
    </Stack>
  );
};
