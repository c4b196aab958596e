import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { type TFideiussioniConfig } from '../../../../../shared/practices/rca-settings';
import { readSectorSetting, SECTOR_SETTINGS_DEFAULTS, sectorSettingIssue } from '../../../../../shared/practices/sector-settings';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { ProductsPanel } from '../products/products-panel';
import { CommissionEditor, PRODUCT_SECTOR_COMMISSION_NOTE } from './sector-settings/commission-editor';
import { DocsEditor } from './sector-settings/docs-editor';
import { PracticeRulesFields } from './sector-settings/practice-rules-fields';
import { SettingsFormActions } from './sector-settings/settings-form-actions';
import { joinPath } from './sector-settings/settings-draft';
import { useSettingsDraft } from './sector-settings/use-settings-draft';

type TFideiussioniValues = { fideiussioniConfig: TFideiussioniConfig };
const KEYS = ['fideiussioniConfig'] as const;

/** /admin/fideiussioni: the bond types (their editor, issue 29), the surety sector's documents, commission and practice rules (one settings block). */
const FideiussioniConfigPage = () => {
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.admin.queryOptions({ key: 'fideiussioniConfig' }));
  const saved: TFideiussioniValues = {
    fideiussioniConfig: settings.data ? readSectorSetting('fideiussioniConfig', settings.data.fideiussioniConfig) : SECTOR_SETTINGS_DEFAULTS.fideiussioniConfig,
  };
  const { draft, edit, changed, hasIssues, errorAt, failure, isSaving, save, reset } = useSettingsDraft<TFideiussioniValues>({
    keys: KEYS,
    saved,
    issueOf: (key, value) => sectorSettingIssue(key, value),
    successMessage: 'Impostazioni delle fideiussioni salvate',
  });
  const config = draft.fideiussioniConfig;
  const errorIn = (prefix: string) => (path: string) => errorAt('fideiussioniConfig', joinPath(prefix, path));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Fideiussioni"
        description="I tipi di fideiussione offerti con il loro questionario, i documenti che il corner allega alla richiesta di una fideiussione, la provvigione sulle garanzie emesse e i tempi delle pratiche."
      />
      <ProductsPanel sector="fideiussioni" />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="fideiussioni-settings-title">
        <Stack gap="lg">
          <div>
            <Title order={2} fz={{ base: 18, sm: 20 }} id="fideiussioni-settings-title">
              Impostazioni delle fideiussioni
            </Title>
            <Text size="sm" c="dimmed">
              Valgono per le nuove richieste; i corner ricevono le nuove impostazioni subito.
            </Text>
          </div>
          {settings.isPending && <PageLoader />}
          {settings.isError && (
            <QueryError
              title="Impossibile caricare le impostazioni delle fideiussioni"
              error={settings.error}
              onRetry={() => void settings.refetch()}
              isRetrying={settings.isFetching}
            />
          )}
          {settings.data && (
            <form noValidate onSubmit={handleSubmit}>
              <Stack gap="lg">
                <FormAlert error={failure} />
                <DocsEditor docs={config.docs} onChange={(docs) => edit('fideiussioniConfig', { ...config, docs })} errorAt={errorIn('docs')} disabled={isSaving} />
                <Divider />
                <CommissionEditor
                  description={PRODUCT_SECTOR_COMMISSION_NOTE}
                  revenue={config.revenue}
                  onChange={(revenue) => edit('fideiussioniConfig', { ...config, revenue })}
                  errorAt={errorIn('revenue')}
                  disabled={isSaving}
                />
                <Divider />
                <PracticeRulesFields
                  config={config}
                  onChange={(rules) => edit('fideiussioniConfig', { ...config, quotationValidityDays: rules.quotationValidityDays, paymentDueDays: rules.paymentDueDays })}
                  errorAt={errorIn('')}
                  disabled={isSaving}
                />
                <SettingsFormActions
                  resetLabel="Ripristina"
                  resetAriaLabel="Ripristina le impostazioni salvate delle fideiussioni"
                  saveLabel="Salva impostazioni fideiussioni"
                  onReset={reset}
                  hasChanges={changed.length > 0}
                  hasIssues={hasIssues}
                  isSaving={isSaving}
                />
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
};

export default FideiussioniConfigPage;
