import { Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { monthInItaly } from '../../../../../shared/schemas/statements';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatCents } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { amountOf, buildEarningsChart, type TEarningsChart } from '../earnings-chart-data';

// Mantine palette entries with enough contrast against the white card (one per series, in order).
const COLORS = ['blue.7', 'teal.7', 'grape.7', 'orange.7', 'indigo.5', 'lime.8', 'pink.7'];
const colorVar = (index: number) => `var(--mantine-color-${COLORS[index % COLORS.length]!.replace('.', '-')})`;

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, bottom: 28, left: 4, right: 4 };

/** The bars, drawn to scale; hidden from screen readers, who get the table below instead. */
const Bars = ({ chart }: { chart: TEarningsChart }) => {
  const span = Math.max(chart.maxCents - chart.minCents, 1);
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const y = (cents: number) => PAD.top + ((chart.maxCents - cents) / span) * plot;
  const slot = (WIDTH - PAD.left - PAD.right) / chart.months.length;
  const bar = slot * 0.6;
  const colorOf = new Map(chart.series.map((item, index) => [item.key, colorVar(index)]));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="presentation" aria-hidden="true" style={{ display: 'block', maxHeight: 280 }}>
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-5)" />
      {chart.months.map((month, index) => {
        const x = PAD.left + index * slot + (slot - bar) / 2;
        return (
          <g key={month.month}>
            <title>{`${month.label}: ${formatCents(month.totalCents)}`}</title>
            {month.segments.map((segment) => (
              <rect key={segment.key} x={x} width={bar} y={Math.min(y(segment.from), y(segment.to))} height={Math.max(Math.abs(y(segment.to) - y(segment.from)), 1)} fill={colorOf.get(segment.key)} />
            ))}
            <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={12} fill="var(--mantine-color-dimmed)">
              {month.label.slice(0, 3)}
            </text>
          </g>
        );
      })}
    </svg>
  );
};

/** «Guadagni per mese»: the last twelve months of commissions (net of clawbacks) by sector and of referral shares, as stacked bars. */
export const EarningsChart = () => {
  const trpc = useTRPC();
  const summary = useQuery(trpc.ledger.summary.queryOptions({}));
  const chart = summary.data && buildEarningsChart(summary.data.months, monthInItaly());
  return (
    <Stack gap="sm" component="section" aria-labelledby="earnings-title">
      <Title order={2} fz="h3" id="earnings-title">
        Guadagni per mese
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        {summary.isPending && <PageLoader />}
        {summary.isError && <QueryError title="Impossibile caricare i guadagni" error={summary.error} onRetry={() => void summary.refetch()} isRetrying={summary.isFetching} />}
        {chart && chart.series.length === 0 && (
          <EmptyState title="Nessun guadagno negli ultimi 12 mesi" icon="chart" withBorder={false}>
            Le provvigioni e le quote di segnalazione dei prossimi mesi compariranno qui, mese per mese.
          </EmptyState>
        )}
        {chart && chart.series.length > 0 && (
          <Stack gap="sm">
            <Bars chart={chart} />
            <Group gap="md" aria-hidden="true">
              {chart.series.map((item, index) => (
                <Group key={item.key} gap={6}>
                  <span style={{ width: 12, height: 12, borderRadius: 2, background: colorVar(index), display: 'inline-block' }} />
                  <Text size="sm">{item.label}</Text>
                </Group>
              ))}
            </Group>
            <VisuallyHidden>
              <Table aria-label="Guadagni per mese e settore">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Mese</Table.Th>
                    {chart.series.map((item) => (
                      <Table.Th key={item.key}>{item.label}</Table.Th>
                    ))}
                    <Table.Th>Totale</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {chart.months.map((month) => (
                    <Table.Tr key={month.month}>
                      <Table.Th scope="row">{month.label}</Table.Th>
                      {chart.series.map((item) => (
                        <Table.Td key={item.key}>{formatCents(amountOf(month, item.key))}</Table.Td>
                      ))}
                      <Table.Td>{formatCents(month.totalCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
};
