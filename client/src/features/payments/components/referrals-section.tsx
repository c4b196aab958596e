import { ActionIcon, CopyButton, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatCents, formatDate } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** «Segnalazioni»: the corner's referral link, the rules of the share, and what each referral earned it. */
export const ReferralsSection = () => {
  const trpc = useTRPC();
  const overview = useQuery(trpc.referrals.overview.queryOptions());
  const data = overview.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="referrals-title">
      <Title order={2} fz="h3" id="referrals-title">
        Segnalazioni
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        {overview.isPending && <PageLoader />}
        {overview.isError && <QueryError title="Impossibile caricare le segnalazioni" error={overview.error} onRetry={() => void overview.refetch()} isRetrying={overview.isFetching} />}
        {data && (
          <Stack gap="md">
            <Text size="sm">
              Chi si registra con il tuo link diventa un tuo segnalato: per {data.settings.months} mesi dalla registrazione guadagni il {data.settings.percent.toLocaleString('it-IT')}% di ogni sua
              provvigione.
            </Text>
            <TextInput
              label="Il tuo link di segnalazione"
              value={data.link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              rightSection={
                <CopyButton value={data.link}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copiato' : 'Copia il link'} withArrow>
                      <ActionIcon variant="subtle" onClick={copy} aria-label={copied ? 'Link copiato' : 'Copia il link'}>
                        <Icon name={copied ? 'checks' : 'copy'} size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              }
            />
            {data.list.length === 0 ? (
              <EmptyState title="Nessun segnalato ancora" icon="users" withBorder={false}>
                Condividi il tuo link: chi si registra con esso compare qui, con quanto ti ha fatto guadagnare.
              </EmptyState>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" aria-label="I tuoi segnalati">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Segnalato</Table.Th>
                      <Table.Th>Registrato il</Table.Th>
                      <Table.Th>Quota fino al</Table.Th>
                      <Table.Th ta="right">Guadagnato</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.list.map((referral) => (
                      <Table.Tr key={referral.id}>
                        <Table.Td>{referral.name}</Table.Td>
                        <Table.Td style={NUMERIC}>{formatDate(referral.registeredAt)}</Table.Td>
                        <Table.Td style={NUMERIC}>{formatDate(referral.sharesUntil)}</Table.Td>
                        <Table.Td ta="right" style={NUMERIC}>
                          {formatCents(referral.earnedCents)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th colSpan={3}>Totale</Table.Th>
                      <Table.Th ta="right" style={NUMERIC}>
                        {formatCents(data.totalEarnedCents)}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
};
