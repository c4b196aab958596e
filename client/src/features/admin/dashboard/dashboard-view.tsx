import '@mantine/charts/styles.css';
import { Alert, Anchor, Badge, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { todayInItaly } from '../../../../../shared/rules/italian-day';
import { convertedStateOf, type TDashboard, type TDashboardPeriod } from '../../../../../shared/schemas/dashboard';
import { SECTOR_SLUGS, SECTORS, type TSectorSlug } from '../../../../../shared/sectors';
import { TIER_LABELS, TIERS } from '../../../../../shared/tiers';
import { formatCents } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { PracticeChanges } from '../../../components/practices/practice-changes';
import { DashboardCharts } from './dashboard-charts';
import {
  cornersLink,
  DASHBOARD_PRESETS,
  formatDelta,
  openedLink,
  paymentsToConfirmLink,
  payoutsToMakeLink,
  periodOf,
  readDashboardSelection,
  stateLink,
  writeDashboardSelection,
} from './dashboard-links';

/** "3 g 4 h", "2 h 5 min", "12 min". */
const formatDuration = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} g ${hours % 24} h`;
};

const Delta = ({ current, previous }: { current: number; previous: number }) => {
  const delta = formatDelta(current, previous);
  return (
    <Badge variant="light" size="sm" color={delta.tone === 'up' ? 'teal' : delta.tone === 'down' ? 'red' : 'gray'} title="Rispetto al periodo precedente">
      {delta.text}
    </Badge>
  );
};

/** One figure, its change from the previous period, and the list behind it. */
const Figure = ({ label, value, previous, to, format = String, detail }: { label: string; value: number; previous?: number; to: string; format?: (value: number) => string; detail?: string }) => (
  // Named by what it shows (WCAG 2.5.3): the label, the figure and its change.
  <Paper component={Link} to={to} withBorder radius="lg" p="md" style={{ textDecoration: 'none', color: 'inherit' }}>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Group gap="xs" align="baseline">
      <Text fz={26} fw={700}>
        {format(value)}
      </Text>
      {previous !== undefined && <Delta current={value} previous={previous} />}
    </Group>
    {detail && (
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    )}
  </Paper>
);

const PeriodSelector = ({ period }: { period: TDashboardPeriod }) => {
  const [params, setParams] = useSearchParams();
  const selection = readDashboardSelection(params);
  const [custom, setCustom] = useState(period);
  const choose = (value: string) =>
    setParams(writeDashboardSelection(value === 'custom' ? { preset: 'custom', ...custom } : { preset: Number(value) as (typeof DASHBOARD_PRESETS)[number] }), { replace: true });
  const setDay = (key: 'from' | 'to', day: string) => {
    const next = { ...custom, [key]: day };
    setCustom(next);
    if (next.from && next.to && next.from <= next.to) setParams(writeDashboardSelection({ preset: 'custom', ...next }), { replace: true });
  };
  return (
    <Group gap="sm" align="flex-end">
      <SegmentedControl
        aria-label="Periodo"
        value={String(selection.preset)}
        onChange={choose}
        data={[...DASHBOARD_PRESETS.map((days) => ({ value: String(days), label: `Ultimi ${days} giorni` })), { value: 'custom', label: 'Personalizzato' }]}
      />
      {selection.preset === 'custom' && (
        <>
          <TextInput type="date" label="Dal" value={custom.from} onChange={(event) => setDay('from', event.currentTarget.value)} />
          <TextInput type="date" label="Al" value={custom.to} onChange={(event) => setDay('to', event.currentTarget.value)} />
        </>
      )}
    </Group>
  );
};

const SectorTable = ({ data, period }: { data: TDashboard; period: TDashboardPeriod }) => (
  <Table.ScrollContainer minWidth={640}>
    <Table striped aria-label="Pratiche per settore">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Settore</Table.Th>
          <Table.Th ta="right">Aperte nel periodo</Table.Th>
          <Table.Th ta="right">Emesse / attivate</Table.Th>
          <Table.Th ta="right">Conversione</Table.Th>
          <Table.Th ta="right">Ancora aperte</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SECTOR_SLUGS.map((sector) => {
          const now = data.current.bySector[sector];
          const before = data.previous.bySector[sector];
          const converted = SECTORS[sector].kind === 'insurance' ? [now.issued, before.issued] : [now.activated, before.activated];
          const conversion = data.current.conversion[sector];
          return (
            <Table.Tr key={sector}>
              <Table.Td>{SECTORS[sector].label}</Table.Td>
              <Table.Td ta="right">
                <Anchor component={Link} to={openedLink(sector, period)}>
                  {now.opened}
                </Anchor>{' '}
                <Delta current={now.opened} previous={before.opened} />
              </Table.Td>
              <Table.Td ta="right">
                <Anchor component={Link} to={stateLink(sector, convertedStateOf(sector))}>
                  {converted[0]}
                </Anchor>{' '}
                <Delta current={converted[0]!} previous={converted[1]!} />
              </Table.Td>
              <Table.Td ta="right">{conversion.rate === null ? '—' : `${Math.round(conversion.rate * 100)}% (${conversion.converted}/${conversion.opened})`}</Table.Td>
              <Table.Td ta="right">{now.open}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

const MediansTable = ({ data }: { data: TDashboard }) =>
  data.current.stateMedians.length === 0 ? (
    <Text size="sm" c="dimmed">
      Nessun passaggio di stato nel periodo.
    </Text>
  ) : (
    <Table striped aria-label="Tempo mediano per stato">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Settore</Table.Th>
          <Table.Th>Stato</Table.Th>
          <Table.Th ta="right">Tempo mediano</Table.Th>
          <Table.Th ta="right">Passaggi</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.current.stateMedians.map((row) => (
          <Table.Tr key={`${row.sector} ${row.state}`}>
            <Table.Td>{SECTORS[row.sector].label}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={stateLink(row.sector, row.state)}>
                {SECTORS[row.sector].states[row.state as never] ?? row.state}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right">{formatDuration(row.medianSeconds)}</Table.Td>
            <Table.Td ta="right">{row.stays}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

/** The premiums of the policies issued in the period; each insurance sector's issued policies one click away. */
const PremiumsFigure = ({ data }: { data: TDashboard }) => (
  <Paper withBorder radius="lg" p="md">
    <Text size="sm" c="dimmed">
      Premi delle polizze emesse
    </Text>
    <Group gap="xs" align="baseline">
      <Text fz={26} fw={700}>
        {formatCents(data.current.premiumsCents)}
      </Text>
      <Delta current={data.current.premiumsCents} previous={data.previous.premiumsCents} />
    </Group>
    <Group gap={6}>
      {SECTOR_SLUGS.filter((sector) => SECTORS[sector].kind === 'insurance').map((sector: TSectorSlug) => (
        <Anchor key={sector} component={Link} to={stateLink(sector, 'emitted')} size="xs">
          {SECTORS[sector].label}
        </Anchor>
      ))}
    </Group>
  </Paper>
);

/** How often the figures refresh on their own (payments, payouts and people change without a practice event). */
const REFRESH_MS = 60_000;

/** The dashboard's practices and money (issue 28), loaded with its charts library only on this page. */
const DashboardView = () => {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const period = periodOf(readDashboardSelection(params), todayInItaly());
  const queryClient = useQueryClient();
  // Live while open: refetched when a practice changes anywhere, and every minute for the money and the people.
  const query = useQuery({ ...trpc.dashboard.get.queryOptions(period), placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.dashboard.get.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.stuck.list.queryKey() });
  }, [queryClient, trpc]);
  const data = query.data;
  return (
    <Stack gap="lg">
      <PracticeChanges sectors={SECTOR_SLUGS} onChange={refresh} />
      <PeriodSelector period={period} />
      {query.isError && <Alert color="red">Non è stato possibile caricare i dati della dashboard.</Alert>}
      {!data ? (
        <Skeleton height={320} radius="lg" aria-label="Caricamento" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <PremiumsFigure data={data} />
            <Figure
              label="Nuovi corner"
              value={data.current.newCorners}
              previous={data.previous.newCorners}
              to={cornersLink()}
              detail={TIERS.map((tier) => `${TIER_LABELS[tier]} ${data.current.newCornersByTier[tier]}`).join(' · ')}
            />
            <Figure label="Pagamenti da confermare" value={data.now.paymentsToConfirm.count} to={paymentsToConfirmLink()} />
            <Figure label="Importo da confermare" value={data.now.paymentsToConfirm.totalCents} to={paymentsToConfirmLink()} format={formatCents} />
            <Figure label="Pagamenti ai corner da fare" value={data.now.payoutsToMake.count} to={payoutsToMakeLink()} />
            <Figure label="Importo da pagare ai corner" value={data.now.payoutsToMake.totalCents} to={payoutsToMakeLink()} format={formatCents} />
          </SimpleGrid>
          <section aria-labelledby="dashboard-settori">
            <Title id="dashboard-settori" order={2} fz="lg" mb="sm">
              Pratiche per settore
            </Title>
            <SectorTable data={data} period={period} />
          </section>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <DashboardCharts data={data} period={period} />
          </SimpleGrid>
          <section aria-labelledby="dashboard-tempi">
            <Title id="dashboard-tempi" order={2} fz="lg" mb="sm">
              Tempo mediano in ciascuno stato
            </Title>
            <MediansTable data={data} />
          </section>
        </>
      )}
    </Stack>
  );
};

export default DashboardView;
