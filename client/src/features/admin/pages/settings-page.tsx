import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { PrecontractTemplateCard } from './precontract-template-card';
import { RcaSettingsCard } from './rca-settings-card';
import { RetentionSettingsCard } from './retention-settings-card';
import { UtilityOffersCard } from './utility-offers-card';

const AdminSettingsPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Impostazioni"
      description="La configurazione della piattaforma: conservazione dei dati dei clienti, RC Auto, documentazione precontrattuale e cataloghi delle offerte luce e gas e GPL."
    />
    <RetentionSettingsCard />
    <RcaSettingsCard />
    <PrecontractTemplateCard />
    <UtilityOffersCard settingKey="luceGasConfig" />
    <UtilityOffersCard settingKey="gplConfig" />
    <Text size="sm" c="dimmed">
      Qui arriveranno anche i documenti richiesti per il profilo e lo stato dell’iscrizione al registro degli intermediari; per ora valgono le impostazioni predefinite.
    </Text>
  </Stack>
);

export default AdminSettingsPage;
