import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { GeneralSettingsCard } from './general-settings-card';
import { PrecontractTemplateCard } from './precontract-template-card';
import { RcaSettingsCard } from './rca-settings-card';
import { RetentionSettingsCard } from './retention-settings-card';
import { StuckThresholdsCard } from './stuck-thresholds-card';
import { UtilityOffersCard } from './utility-offers-card';

/** A link to a section (`#precontract-template-title`, from the dashboard's checklist) scrolls to it once it is drawn. */
const useScrollToHash = () => {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(id);
      if (target || ++tries > 40) window.clearInterval(timer);
      target?.scrollIntoView({ block: 'start' });
    }, 100);
    return () => window.clearInterval(timer);
  }, [hash]);
};

const AdminSettingsPage = () => {
  useScrollToHash();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Impostazioni"
        description="La configurazione della piattaforma: conservazione dei dati dei clienti, RC Auto, documentazione precontrattuale, cataloghi delle offerte luce e gas e GPL, documenti del corner e servizi RC Auto. Ogni sezione ha la sua cronologia delle modifiche."
      />
      <RetentionSettingsCard />
      <StuckThresholdsCard />
      <RcaSettingsCard />
      <PrecontractTemplateCard />
      <UtilityOffersCard settingKey="luceGasConfig" />
      <UtilityOffersCard settingKey="gplConfig" />
      <GeneralSettingsCard />
    </Stack>
  );
};

export default AdminSettingsPage;
