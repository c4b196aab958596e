import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { TDashboard, TDashboardPeriod } from '../../../../../shared/schemas/dashboard';
import { SECTOR_SLUGS, SECTORS, type TSectorSlug } from '../../../../../shared/sectors';
import { formatCents } from '../../../lib/format';
import { openedLink, stateLink } from './dashboard-links';

/** Colours in the sectors' order (a sector added later takes the next one): the same sector, the same colour in every chart. */
const PALETTE = ['blue.6', 'violet.6', 'grape.6', 'orange.6', 'teal.6', 'pink.6', 'cyan.6', 'lime.7', 'indigo.6', 'red.6'] as const;
const SECTOR_SERIES = SECTOR_SLUGS.map((sector, index) => ({ name: sector, label: SECTORS[sector].label, color: PALETTE[index % PALETTE.length]! }));

const ChartCard = ({ id, title, hint, children }: { id: string; title: string; hint: string; children: React.ReactNode }) => (
  <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
    <Title id={id} order={3} fz="md">
      {title}
    </Title>
    <Text size="xs" c="dimmed" mb="sm">
      {hint}
    </Text>
    {children}
  </Paper>
);

type TWeekRow = { week: string } & Record<TSectorSlug, number>;

/** Per ISO week, stacked by sector: `pick` of each row (opened, or issued + activated). */
const weekRows = (weekly: TDashboard['current']['weekly'], pick: (row: TDashboard['current']['weekly'][number]) => number): TWeekRow[] => {
  const rows = new Map<string, TWeekRow>();
  for (const row of weekly) {
    const week = rows.get(row.week) ?? ({ week: row.week, ...Object.fromEntries(SECTOR_SLUGS.map((sector) => [sector, 0])) } as TWeekRow);
    week[row.sector] += pick(row);
    rows.set(row.week, week);
  }
  return [...rows.values()];
};

/** The charts of the dashboard: each bar opens the list behind it. */
export const DashboardCharts = ({ data, period }: { data: TDashboard; period: TDashboardPeriod }) => {
  const navigate = useNavigate();
  const openBySector = (sector: string, state: string | null) => () => {
    if (SECTOR_SLUGS.includes(sector as TSectorSlug)) void navigate(state ? stateLink(sector as TSectorSlug, state) : openedLink(sector as TSectorSlug, period));
  };
  const openRows = data.now.openByState.map((row) => ({ key: `${SECTORS[row.sector].label} · ${SECTORS[row.sector].states[row.state as never] ?? row.state}`, count: row.count, sector: row.sector, state: row.state }));
  return (
    <>
      <ChartCard id="grafico-aperte-settimana" title="Pratiche aperte per settimana" hint="Clicca una barra per aprire le pratiche del settore aperte nel periodo.">
        <BarChart
          h={240}
          data={weekRows(data.current.weekly, (row) => row.opened)}
          dataKey="week"
          type="stacked"
          withLegend
          series={SECTOR_SERIES}
          barProps={(series) => ({ onClick: openBySector(series.name, null), cursor: 'pointer' })}
        />
      </ChartCard>
      <ChartCard id="grafico-emesse-settimana" title="Emesse e attivate per settimana" hint="Polizze emesse e forniture attivate; clicca una barra per l’elenco del settore.">
        <BarChart
          h={240}
          data={weekRows(data.current.weekly, (row) => row.issued + row.activated)}
          dataKey="week"
          type="stacked"
          withLegend
          series={SECTOR_SERIES}
          barProps={(series) => ({
            onClick: openBySector(series.name, SECTORS[series.name as TSectorSlug]?.kind === 'insurance' ? 'emitted' : 'activated'),
            cursor: 'pointer',
          })}
        />
      </ChartCard>
      <ChartCard id="grafico-aperte-stato" title="Pratiche aperte per settore e stato" hint="Adesso; clicca una barra per l’elenco filtrato per stato.">
        <BarChart
          h={Math.max(160, openRows.length * 34)}
          data={openRows}
          dataKey="key"
          orientation="vertical"
          yAxisProps={{ width: 220 }}
          series={[{ name: 'count', label: 'Pratiche', color: 'blue.6' }]}
          barProps={{
            cursor: 'pointer',
            onClick: (entry: { payload?: { sector: string; state: string } }) => entry.payload && openBySector(entry.payload.sector, entry.payload.state)(),
          }}
        />
      </ChartCard>
      <ChartCard id="grafico-provvigioni" title="Provvigioni e storni per mese" hint="Dal registro dei corner.">
        <BarChart
          h={220}
          data={data.current.monthly}
          dataKey="month"
          withLegend
          valueFormatter={formatCents}
          series={[
            { name: 'commissionsCents', label: 'Provvigioni', color: 'teal.6' },
            { name: 'clawbacksCents', label: 'Storni', color: 'red.6' },
          ]}
        />
      </ChartCard>
    </>
  );
};
