import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import type { TUtilityBulkSector } from '../../../../../shared/schemas/utility-bulk';
import { OutcomeImportModal } from './outcome-import-modal';
import { useExportActivations } from './use-utility-bulk';
import { selectedLabel } from './utility-bulk';

type TUtilityBulkToolbarProps = {
  sector: TUtilityBulkSector;
  /** The activations chosen in the worklist, on any page. */
  selected: ReadonlySet<string>;
  onClear: () => void;
};

/**
 * Above a utility worklist: with activations selected, their count, the export for the supplier's portal (CSV or
 * Excel) and "Deseleziona"; always, "Importa esiti" for the supplier's outcome file.
 */
export const UtilityBulkToolbar = ({ sector, selected, onClear }: TUtilityBulkToolbarProps) => {
  const exporter = useExportActivations();
  const [isImportOpen, setIsImportOpen] = useState(false);
  const count = selected.size;
  const exporting = exporter.isPending ? (exporter.variables.format ?? 'csv') : null;
  const exportAs = (format: 'csv' | 'xlsx') => exporter.mutate({ sector, ids: [...selected], format });

  return (
    <>
      <Paper withBorder radius="md" px="sm" py="xs" data-testid="utility-bulk-toolbar">
        <Group justify="space-between" gap="xs">
          {count > 0 ? (
            <Group gap="xs">
              <Text size="sm" fw={600} aria-live="polite">
                {selectedLabel(count)}
              </Text>
              <Button size="compact-sm" variant="light" onClick={() => exportAs('csv')} loading={exporting === 'csv'} disabled={exporting !== null}>
                Esporta CSV
              </Button>
              <Button size="compact-sm" variant="light" onClick={() => exportAs('xlsx')} loading={exporting === 'xlsx'} disabled={exporting !== null}>
                Esporta Excel
              </Button>
              <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
                Deseleziona
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Seleziona le attivazioni per esportarle verso il portale del fornitore.
            </Text>
          )}
          <Button size="compact-sm" variant="default" onClick={() => setIsImportOpen(true)}>
            Importa esiti
          </Button>
        </Group>
      </Paper>
      <OutcomeImportModal sector={sector} opened={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </>
  );
};
