import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PRACTICE_SECTORS } from '../../../../shared/practices/practice-sectors';
import { SECTORS } from '../../../../shared/sectors';
import { EmptyState } from '../empty-state';
import { QueryError } from '../query-error';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session/use-session';
import { useTRPC } from '../../lib/trpc';
import { newPracticePath, practicePath, practicesPath } from '../../lib/practice-paths';
import { PracticeStateBadge } from './practice-state-badge';

/** How many practices of each sector the panel shows before "see them all". */
const SHOWN = 10;

/**
 * The practices of one client on its page (`/clienti/:id`), every sector with a definition, newest first, each
 * a link; "Nuova pratica RC Auto" opens the request form with the client chosen.
 */
export const ClientPracticesPanel = ({ clientId }: { clientId: string }) => {
  const trpc = useTRPC();
  const { user } = useSession();
  const answers = useQueries({
    queries: PRACTICE_SECTORS.map((sector) => trpc.practices.list.queryOptions({ sector, clientId, page: 1, limit: SHOWN, sort: 'newest' })),
  });
  const canCreate = user?.role !== 'broker';
  const failed = answers.find((answer) => answer.isError);
  const total = answers.reduce((sum, answer) => sum + (answer.data?.total ?? 0), 0);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="client-practices">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} fz="md" id="client-practices">
          Pratiche
        </Title>
        {canCreate && (
          <Group gap="xs">
            {PRACTICE_SECTORS.map((sector) => (
              <Button key={sector} component={Link} to={newPracticePath(sector, clientId)} size="compact-sm" variant="light">
                Nuova pratica {SECTORS[sector].label}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      {failed ? (
        <QueryError title="Impossibile caricare le pratiche" error={failed.error} onRetry={() => answers.forEach((answer) => void answer.refetch())} />
      ) : answers.some((answer) => answer.isPending) ? (
        <Stack gap="xs" aria-busy="true" aria-label="Caricamento delle pratiche">
          <Skeleton height={18} />
          <Skeleton height={18} width="70%" />
        </Stack>
      ) : total === 0 ? (
        <EmptyState title="Nessuna pratica" icon="folder" withBorder={false}>
          Le pratiche di questo cliente saranno elencate qui, man mano che vengono aperte.
        </EmptyState>
      ) : (
        <Stack gap="md">
          {PRACTICE_SECTORS.map((sector, index) => {
            const answer = answers[index]?.data;
            if (!answer || answer.total === 0) return null;
            return (
              <Stack key={sector} gap={6}>
                <Text size="sm" fw={600} c="dimmed">
                  {SECTORS[sector].label}
                </Text>
                {answer.list.map((practice) => (
                  <Group key={practice.id} justify="space-between" gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={practicePath(sector, practice.id)} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {practice.title || 'Pratica'}
                    </Anchor>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed" visibleFrom="xs">
                        {formatDate(practice.createdAt)}
                      </Text>
                      <PracticeStateBadge sector={sector} state={practice.state} label={practice.stateLabel} />
                    </Group>
                  </Group>
                ))}
                {answer.total > answer.list.length && (
                  <Anchor component={Link} to={`${practicesPath(sector)}?cliente=${encodeURIComponent(clientId)}`} size="sm">
                    Tutte le {answer.total} pratiche {SECTORS[sector].label} del cliente
                  </Anchor>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
};
