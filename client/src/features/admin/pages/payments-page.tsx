import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const AdminPaymentsPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Pagamenti"
      description="Le richieste di pagamento ai corner, le ricevute da confermare e le richieste di liquidazione delle provvigioni."
    />
    <EmptyState title="Nessun pagamento da gestire" icon="card">
      Qui troverai i pagamenti dei corner da confermare, con la ricevuta del bonifico, e le richieste di liquidazione delle provvigioni in gift card, ricevuta o fattura.
    </EmptyState>
  </Stack>
);

export default AdminPaymentsPage;
