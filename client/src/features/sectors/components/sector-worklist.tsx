import { Badge, Group, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { sectorOfBroker } from '../sector-info';
import type { TBrokerType } from '../../../../../shared/constants';

/**
 * The broker's home (product.md) for a sector whose practices the platform does not handle yet: the header of its
 * queue and a clear "not yet". A sector with a definition shows the practices' worklist instead (app/routes/home-page).
 */
export const SectorWorklist = ({ brokerType }: { brokerType: TBrokerType }) => {
  const sector = sectorOfBroker(brokerType);
  return (
    <Stack gap="lg">
      <SectorWorklistHeader brokerType={brokerType} />
      <EmptyState title={`Nessuna pratica ${sector.label} da lavorare`} icon={sector.icon}>
        La piattaforma non gestisce ancora le pratiche {sector.label}: quando saranno attive, troverai qui quelle inviate dai corner, da quotare,
        emettere o attivare.
      </EmptyState>
    </Stack>
  );
};

/** The title of a broker's home: its sector's queue. */
export const SectorWorklistHeader = ({ brokerType }: { brokerType: TBrokerType }) => {
  const sector = sectorOfBroker(brokerType);
  return (
    <PageHeader
      title="Pratiche da lavorare"
      description={`Le pratiche ${sector.label} inviate dai corner, da prendere in carico, quotare ed emettere.`}
      actions={
        <Group gap="xs">
          <Badge size="lg" variant="light">
            Settore {sector.label}
          </Badge>
        </Group>
      }
    />
  );
};
