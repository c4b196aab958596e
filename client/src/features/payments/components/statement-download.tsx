import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { monthInItaly, monthLabel, previousMonth, STATEMENT_MSG } from '../../../../../shared/schemas/statements';
import { Icon } from '../../../components/icons';
import { toApiError } from '../../../lib/api-error';
import { getImpersonationToken } from '../../../lib/impersonation-storage';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';

/** "YYYY-MM-DD" (a month picker's value) -> "YYYY-MM". */
const monthOf = (value: string) => value.slice(0, 7);

/**
 * Fetches the PDF with the caller's credentials (an impersonating admin's bearer token included: the statement is
 * the corner's alone, as the unsigned contract) and saves it; the server's Italian message on a refusal.
 */
const downloadStatement = async (month: string): Promise<void> => {
  const token = getImpersonationToken();
  const response = await fetch(`/api/ledger/statement?${new URLSearchParams({ month }).toString()}`, {
    credentials: 'same-origin',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw toApiError(response.status, body);
  }
  saveFile(await response.blob(), STATEMENT_MSG.fileName(monthLabel(month)), 'application/pdf');
};

/** The corner's monthly commission statement: a month up to the one in course (last month by default), downloaded as PDF. */
export const StatementDownload = () => {
  const { user } = useSession();
  const current = monthInItaly();
  const [month, setMonth] = useState<string | null>(`${previousMonth(current)}-01`);
  const [isLoading, setIsLoading] = useState(false);
  if (user?.role !== 'corner') return null;
  const download = async () => {
    if (!month) return;
    setIsLoading(true);
    try {
      await downloadStatement(monthOf(month));
    } catch (error) {
      toast('error', error instanceof Error ? error.message : 'Download non riuscito.');
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="xs">
        <Text fw={600}>Estratto conto provvigionale</Text>
        <Text size="sm" c="dimmed">
          Provvigioni, storni e pagamenti di un mese, con il saldo iniziale e finale. Lo ricevi anche ogni mese tra i tuoi documenti.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <DatesProvider settings={{ locale: 'it' }}>
            <MonthPickerInput
              label="Mese"
              value={month}
              onChange={setMonth}
              maxDate={`${current}-01`}
              valueFormat="MMMM YYYY"
              leftSection={<Icon name="calendar" size={16} />}
              leftSectionPointerEvents="none"
              styles={{ input: { textTransform: 'capitalize' }, calendarHeaderLevel: { textTransform: 'capitalize' }, monthsListControl: { textTransform: 'capitalize' } }}
              popoverProps={{ withinPortal: true, shadow: 'md' }}
              w={220}
            />
          </DatesProvider>
          <Button onClick={() => void download()} loading={isLoading} disabled={!month} leftSection={<Icon name="file" size={16} />}>
            Scarica estratto conto
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
