import { Table, Text } from '@mantine/core';
import type { TPractice } from '../../../../../../shared/schemas/practices';
import type { TUtilitySector } from '../../practices-list';
import { supplyCodesText, utilityColumns } from './utility-columns';

/** The utility columns' headings (desktop): the meter's codes for luce e gas, the offer, the expected start. */
export const UtilityHeaderCells = ({ sector }: { sector: TUtilitySector }) => (
  <>
    {sector === 'luce-e-gas' && <Table.Th visibleFrom="sm">POD / PDR</Table.Th>}
    <Table.Th visibleFrom="sm">Offerta</Table.Th>
    <Table.Th visibleFrom="sm">Decorrenza prevista</Table.Th>
  </>
);

const Missing = ({ children }: { children: string }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

/** A practice's utility cells (desktop), beside the headings of UtilityHeaderCells. */
export const UtilityCells = ({ sector, practice }: { sector: TUtilitySector; practice: TPractice }) => {
  const { supplyCodes, offerLabel, expectedStart } = utilityColumns(sector, practice);
  return (
    <>
      {sector === 'luce-e-gas' && (
        <Table.Td visibleFrom="sm">
          {supplyCodes.length === 0 ? (
            <Missing>—</Missing>
          ) : (
            supplyCodes.map(({ kind, code }) => (
              <Text key={kind} size="sm" ff="monospace" title={kind}>
                {code}
              </Text>
            ))
          )}
        </Table.Td>
      )}
      <Table.Td visibleFrom="sm">{offerLabel ? <Text size="sm">{offerLabel}</Text> : <Missing>—</Missing>}</Table.Td>
      <Table.Td visibleFrom="sm">
        {/* A voltura or subentro follows the distributor's times: no date until the supply starts. */}
        {expectedStart ? (
          <Text size="sm" c={expectedStart.kind === 'ceased' ? 'dimmed' : undefined}>
            {expectedStart.label}
          </Text>
        ) : (
          <Missing>Da definire</Missing>
        )}
      </Table.Td>
    </>
  );
};

/** On a phone the meter's codes go under the title, dimmed (luce e gas). */
export const SupplyCodesLine = ({ sector, practice }: { sector: TUtilitySector; practice: TPractice }) => {
  const { supplyCodes } = utilityColumns(sector, practice);
  if (supplyCodes.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" hiddenFrom="sm">
      {supplyCodesText(supplyCodes)}
    </Text>
  );
};
