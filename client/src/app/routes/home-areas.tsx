import { Anchor, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Icon } from '../../components/icons';
import { PATHS } from '../../lib/paths';
import { SECTOR_KEYS, SECTORS } from '../../features/practices/sectors/sector-info';

const AREAS = [
  { label: 'Clienti', path: PATHS.clients, icon: 'users' as const, description: 'Le persone e le aziende per cui apri le pratiche.' },
  ...SECTOR_KEYS.map((key) => SECTORS[key]),
];

/** The home page's way into the work: clients and the five sectors, and the tier explanation. */
export const HomeAreas = () => (
  <section aria-labelledby="home-aree">
    <Group justify="space-between" align="baseline" mb="sm">
      <Title id="home-aree" order={2} fz="lg">
        Le tue aree di lavoro
      </Title>
      <Anchor component={Link} to="?display=info" size="sm">
        Come funzionano i livelli Bronze, Silver e Gold
      </Anchor>
    </Group>
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {AREAS.map((area) => (
        <Paper key={area.path} component={Link} to={area.path} withBorder radius="lg" p="md" style={{ textDecoration: 'none', color: 'inherit' }}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={40} radius="md">
              <Icon name={area.icon} size={22} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{area.label}</Text>
              <Text size="sm" c="dimmed">
                {area.description}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  </section>
);
