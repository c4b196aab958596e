import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const NotificationsPage = () => (
  <Stack gap="lg">
    <PageHeader title="Notifiche" description="Gli avvisi sulle tue pratiche, sui pagamenti e sui messaggi, dal più recente." />
    <EmptyState title="Nessuna notifica" icon="bell">
      Non hai ancora ricevuto notifiche. Quando una pratica cambia stato, arriva una quotazione o viene richiesto un pagamento, l’avviso
      comparirà qui e sulla campanella in alto.
    </EmptyState>
  </Stack>
);

export default NotificationsPage;
