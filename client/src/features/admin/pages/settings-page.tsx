import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { PrecontractTemplateCard } from './precontract-template-card';
import { RcaSettingsCard } from './rca-settings-card';
import { RetentionSettingsCard } from './retention-settings-card';

const AdminSettingsPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Impostazioni"
      description="La configurazione della piattaforma: per ora i periodi di conservazione dei dati dei clienti."
    />
    <RetentionSettingsCard />
    <RcaSettingsCard />
    <PrecontractTemplateCard />
    <Text size="sm" c="dimmed">
      Qui arriveranno anche i documenti richiesti per profilo e pratiche, le provvigioni RC Auto e altri rami, le offerte luce e gas e GPL e lo stato
      dell’iscrizione al registro degli intermediari; per ora valgono le impostazioni predefinite.
    </Text>
  </Stack>
);

export default AdminSettingsPage;
