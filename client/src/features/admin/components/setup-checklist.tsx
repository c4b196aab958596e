import { Anchor, List, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';

const Mark = ({ done }: { done: boolean }) => (
  <ThemeIcon size={22} radius="xl" color={done ? 'teal.8' : 'orange.8'} aria-hidden>
    <Text fz={13} fw={700} c="white">
      {done ? '✓' : '!'}
    </Text>
  </ThemeIcon>
);

/**
 * The admin's setup checklist (issue 26 point 10): what the platform needs before a pre-contract pack can reach a
 * client (the intermediary's data, the form's text, the RC Auto pack not waived), each with what is missing and a
 * link to where it is done. Shown until every item is done.
 */
export const SetupChecklist = () => {
  const trpc = useTRPC();
  const setup = useQuery(trpc.practices.precontract.setup.queryOptions());
  if (setup.isError) return <QueryError title="Configurazione non disponibile" error={setup.error} onRetry={() => void setup.refetch()} isRetrying={setup.isFetching} />;
  if (!setup.data) return <Skeleton height={120} radius="lg" aria-label="Caricamento della configurazione" />;
  if (setup.data.complete) return null;
  const left = setup.data.items.filter((item) => !item.done).length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="setup-checklist-title">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="setup-checklist-title">
            Da completare prima di lavorare
          </Title>
          <Text size="sm" c="dimmed">
            {left === 1 ? 'Manca un passo' : `Mancano ${left} passi`} perché i pacchetti precontrattuali (Reg. IVASS 40/2018) possano partire verso i clienti.
          </Text>
        </div>
        <List spacing="sm" listStyleType="none" aria-label="Passi della configurazione">
          {setup.data.items.map((item) => (
            <List.Item key={item.key} icon={<Mark done={item.done} />} aria-label={`${item.label}: ${item.done ? 'fatto' : 'da fare'}`}>
              <Text fw={600} size="sm">
                {item.done ? (
                  item.label
                ) : (
                  <Anchor component={Link} to={item.href}>
                    {item.label}
                  </Anchor>
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {item.detail}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
};
