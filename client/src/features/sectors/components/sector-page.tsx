import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SECTORS, type TSectorKey } from '../sector-info';

/** A sector's practice list; the practices themselves arrive with the sector's issue, so it is empty for now. */
export const SectorPage = ({ sector }: { sector: TSectorKey }) => {
  const info = SECTORS[sector];
  return (
    <Stack gap="lg">
      <PageHeader title={info.label} description={info.description} />
      <EmptyState title="Nessuna pratica" icon={info.icon}>
        Non ci sono ancora pratiche {info.label}. Qui troverai {info.listText}.
      </EmptyState>
    </Stack>
  );
};
