import { Badge, Group, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { sectorOfBroker } from '../sector-info';
import type { TBrokerType } from '../../../../../shared/constants';

/** The broker's home (product.md): the queue of its one sector. */
export const SectorWorklist = ({ brokerType }: { brokerType: TBrokerType }) => {
  const sector = sectorOfBroker(brokerType);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Pratiche da lavorare"
        description={`Le pratiche ${sector.label} inviate dai corner, da quotare, emettere o attivare.`}
        actions={
          <Group gap="xs">
            <Badge size="lg" variant="light">
              Settore {sector.label}
            </Badge>
          </Group>
        }
      />
      <EmptyState title={`Nessuna pratica ${sector.label} da lavorare`} icon={sector.icon}>
        Quando un corner invierà una pratica {sector.label}, la troverai qui: potrai quotarla, emetterla o attivarla, caricare i documenti e
        scrivere al corner in chat.
      </EmptyState>
    </Stack>
  );
};
