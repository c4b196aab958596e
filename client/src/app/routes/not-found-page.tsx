import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { PageTitle } from '../../components/page-title';

const NotFoundPage = () => (
  <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={560} mx="auto" mt="xl" ta="center">
    <PageTitle title="Pagina non trovata" />
    <Stack align="center" gap="md">
      <Text fz={56} fw={800} c="indigo.2" lh={1}>
        404
      </Text>
      <Title order={1} fz={26}>
        {MSG.pageNotFound}
      </Title>
      <Text c="dimmed">La pagina che cerchi non esiste o è stata spostata.</Text>
      <Button component={Link} to="/">
        Torna alla home
      </Button>
    </Stack>
  </Paper>
);

export default NotFoundPage;
