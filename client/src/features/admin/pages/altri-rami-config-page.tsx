import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { readSectorSetting, SECTOR_SETTINGS_DEFAULTS, sectorSettingIssue, type TSectorSettings } from '../../../../../shared/practices/sector-settings';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { ProductsPanel } from '../products/products-panel';
import { CategoriesEditor } from './sector-settings/categories-editor';
import { CommissionEditor, PRODUCT_SECTOR_COMMISSION_NOTE } from './sector-settings/commission-editor';
import { DocsEditor } from './sector-settings/docs-editor';
import { PracticeRulesFields } from './sector-settings/practice-rules-fields';
import { SettingsFormActions } from './sector-settings/settings-form-actions';
import { categoriesIssue, readCategories } from './sector-settings/settings-draft';
import { useSettingsDraft } from './sector-settings/use-settings-draft';

type TAltriRamiValues = Pick<TSectorSettings, 'altriRamiConfig' | 'altriRamiDocs' | 'altriRamiRevenue'> & { altriRamiCategories: string[] };
const KEYS = ['altriRamiCategories', 'altriRamiDocs', 'altriRamiRevenue', 'altriRamiConfig'] as const;

/**
 * /admin/altri-rami: the sector's products (their editor, issue 29), the categories of risk offered, the documents asked with a request, the commission and the
 * practice rules of the altri rami sector. The admin block holds the config and the categories; the documents and
 * the commission are in the block the corners receive (`settings.get`).
 */
const AltriRamiConfigPage = () => {
  const trpc = useTRPC();
  const config = useQuery(trpc.settings.admin.queryOptions({ key: 'altriRamiConfig' }));
  const categories = useQuery(trpc.settings.admin.queryOptions({ key: 'altriRamiCategories' }));
  const shared = useQuery(trpc.settings.get.queryOptions());
  const queries = [config, categories, shared];
  const failed = queries.find((query) => query.isError);
  const isLoaded = config.data !== undefined && categories.data !== undefined && shared.data !== undefined;

  const saved: TAltriRamiValues = isLoaded
    ? {
        altriRamiCategories: readCategories(categories.data.altriRamiCategories),
        altriRamiDocs: readSectorSetting('altriRamiDocs', shared.data.altriRamiDocs),
        altriRamiRevenue: readSectorSetting('altriRamiRevenue', shared.data.altriRamiRevenue),
        altriRamiConfig: readSectorSetting('altriRamiConfig', config.data.altriRamiConfig),
      }
    : {
        altriRamiCategories: [],
        altriRamiDocs: SECTOR_SETTINGS_DEFAULTS.altriRamiDocs,
        altriRamiRevenue: SECTOR_SETTINGS_DEFAULTS.altriRamiRevenue,
        altriRamiConfig: SECTOR_SETTINGS_DEFAULTS.altriRamiConfig,
      };
  const { draft, edit, changed, hasIssues, errorAt, failure, isSaving, save, reset } = useSettingsDraft<TAltriRamiValues>({
    keys: KEYS,
    saved,
    issueOf: (key, value) => (key === 'altriRamiCategories' ? categoriesIssue(value) : sectorSettingIssue(key, value)),
    successMessage: 'Impostazioni degli altri rami salvate',
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Altri rami"
        description="I prodotti offerti con il loro questionario, le categorie di rischio, i documenti che il corner allega alla richiesta, la provvigione sulle polizze emesse e i tempi delle pratiche."
      />
      <ProductsPanel sector="altri-rami" />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="altri-rami-settings-title">
        <Stack gap="lg">
          <div>
            <Title order={2} fz={{ base: 18, sm: 20 }} id="altri-rami-settings-title">
              Impostazioni degli altri rami
            </Title>
            <Text size="sm" c="dimmed">
              Valgono per le nuove richieste; i corner ricevono le nuove impostazioni subito.
            </Text>
          </div>
          {!isLoaded && !failed && <PageLoader />}
          {failed && (
            <QueryError
              title="Impossibile caricare le impostazioni degli altri rami"
              error={failed.error}
              onRetry={() => queries.filter((query) => query.isError).forEach((query) => void query.refetch())}
              isRetrying={queries.some((query) => query.isFetching)}
            />
          )}
          {isLoaded && !failed && (
            <form noValidate onSubmit={handleSubmit}>
              <Stack gap="lg">
                <FormAlert error={failure} />
                <CategoriesEditor
                  categories={draft.altriRamiCategories}
                  onChange={(names) => edit('altriRamiCategories', names)}
                  errorAt={(path) => errorAt('altriRamiCategories', path)}
                  disabled={isSaving}
                />
                <Divider />
                <DocsEditor docs={draft.altriRamiDocs} onChange={(docs) => edit('altriRamiDocs', docs)} errorAt={(path) => errorAt('altriRamiDocs', path)} disabled={isSaving} />
                <Divider />
                <CommissionEditor
                  description={PRODUCT_SECTOR_COMMISSION_NOTE}
                  revenue={draft.altriRamiRevenue}
                  onChange={(revenue) => edit('altriRamiRevenue', revenue)}
                  errorAt={(path) => errorAt('altriRamiRevenue', path)}
                  disabled={isSaving}
                />
                <Divider />
                <PracticeRulesFields
                  config={draft.altriRamiConfig}
                  onChange={(rules) => edit('altriRamiConfig', rules)}
                  errorAt={(path) => errorAt('altriRamiConfig', path)}
                  disabled={isSaving}
                />
                <SettingsFormActions
                  resetLabel="Ripristina"
                  resetAriaLabel="Ripristina le impostazioni salvate degli altri rami"
                  saveLabel="Salva impostazioni altri rami"
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

export default AltriRamiConfigPage;
