import { Paper, Stack, Text, Title } from '@mantine/core';
import { PRIVACY_LAST_UPDATE } from './controller';
import { ControllerSection, DataSection, PurposesSection } from './privacy-sections-data';
import { ContactsSection, RecipientsSection, RetentionSection, RightsSection, SecuritySection } from './privacy-sections-rights';
import { PageTitle } from '../../components/page-title';

/** Informativa ex art. 13 GDPR; public, for registered users and for whoever is about to register. */
const PrivacyPage = () => (
  <Paper withBorder radius="lg" p={{ base: 'md', sm: 48 }} maw={860} mx="auto" component="article">
    <PageTitle title="Informativa sulla privacy" />
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          Informativa sul trattamento dei dati personali
        </Title>
        <Text c="dimmed" mt="xs">
          Ai sensi dell’art. 13 del Regolamento (UE) 2016/679 («GDPR») e del D.Lgs. 196/2003. Ultimo aggiornamento:{' '}
          {PRIVACY_LAST_UPDATE}.
        </Text>
      </div>
      <Text>
        Questa informativa spiega come vengono trattati i dati personali di chi si registra e lavora sulla
        Piattaforma Intermediari, il servizio per la gestione di pratiche assicurative e di utenze.
      </Text>
      <ControllerSection />
      <DataSection />
      <PurposesSection />
      <RecipientsSection />
      <RetentionSection />
      <SecuritySection />
      <RightsSection />
      <ContactsSection />
    </Stack>
  </Paper>
);

export default PrivacyPage;
