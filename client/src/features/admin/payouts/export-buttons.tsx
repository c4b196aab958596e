import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { saveSheet, type TExportFormat, type TSheetRow } from './accounting-export';

type TProps = {
  /** What the buttons export, for their accessible names ("i pagamenti ai corner"). */
  what: string;
  fileName: string;
  /** Reads the whole filtered list, every page of it. */
  load: () => Promise<TSheetRow[]>;
  headers?: readonly string[];
};

/** «Esporta CSV» and «Esporta Excel» for the accountant: the full filtered list, made in the browser. */
export const ExportButtons = ({ what, fileName, load, headers }: TProps) => {
  const [busy, setBusy] = useState<TExportFormat | null>(null);
  const run = async (format: TExportFormat) => {
    setBusy(format);
    try {
      const rows = await load();
      if (rows.length === 0) toast('info', 'Nessuna riga da esportare con questi filtri.');
      else await saveSheet(rows, fileName, format, headers);
    } catch (error) {
      toast('error', describeError(error).messages.join('\n'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        Esporta:
      </Text>
      <Button size="compact-sm" variant="light" loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')} aria-label={`Esporta ${what} in CSV`}>
        CSV
      </Button>
      <Button size="compact-sm" variant="light" loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => void run('xlsx')} aria-label={`Esporta ${what} in Excel`}>
        Excel
      </Button>
    </Group>
  );
};
