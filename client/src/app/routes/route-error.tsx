import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Last resort for a page that failed to render; the usual cause is a page chunk gone after a new release,
 * which a reload fixes.
 */
export const RouteError = () => {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Title order={2}>{isNotFound ? 'Pagina non trovata' : 'Si è verificato un errore'}</Title>
        <Text c="dimmed">
          {isNotFound ? 'L’indirizzo richiesto non esiste.' : 'Non è stato possibile mostrare la pagina. Ricaricala per riprovare.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Ricarica la pagina</Button>
      </Stack>
    </Center>
  );
};
