import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SECTORS, type TSectorKey } from '../sector-info';

/**
 * The page of a sector whose practices the platform does not handle yet: a clear "not yet". A sector with a
 * definition (shared/practices/registry.ts) has its practices' page instead (features/practices).
 */
export const SectorPage = ({ sector }: { sector: TSectorKey }) => {
  const info = SECTORS[sector];
  return (
    <Stack gap="lg">
      <PageHeader title={info.label} description={info.description} />
      <EmptyState title={`Le pratiche ${info.label} non sono ancora disponibili`} icon={info.icon}>
        La piattaforma non gestisce ancora le pratiche {info.label}. Quando saranno attive, qui troverai {info.listText}.
      </EmptyState>
    </Stack>
  );
};
