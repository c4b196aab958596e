import { Badge, Group } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { sectorOfBroker } from '../sectors/sector-info';
import type { TBrokerType } from '../../../../../shared/constants';
import { sectorOfBrokerType } from '../../../../../shared/sectors';

/** The title of a broker's home: its sector's queue. */
export const SectorWorklistHeader = ({ brokerType }: { brokerType: TBrokerType }) => {
  const sector = sectorOfBroker(brokerType);
  return (
    <PageHeader
      title="Pratiche da lavorare"
      description={
        sectorOfBrokerType(brokerType).kind === 'utility'
          ? `Le attivazioni ${sector.label} inviate dai corner, da prendere in carico, lavorare e attivare.`
          : `Le pratiche ${sector.label} inviate dai corner, da prendere in carico, quotare ed emettere.`
      }
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
