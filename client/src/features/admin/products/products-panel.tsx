import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCT_MSG, type TProduct } from '../../../../../shared/schemas/products';
import { SECTORS, type TSectorSlug } from '../../../../../shared/sectors';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { ProductEditorDrawer, publishMessage, type TEditorTarget } from './product-editor';

type TProductSector = Extract<TSectorSlug, 'altri-rami' | 'fideiussioni'>;

/** Whether a product's name matches a search (case and accents ignored). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The sector's products (issue 29): the list with its state, latest version and unpublished changes, a search by
 * name, and the actions (Modifica and «Nuovo …» open the editor; Duplica; Ritira / Riattiva and Pubblica after a
 * confirmation).
 */
export const ProductsPanel = ({ sector }: { sector: TProductSector }) => {
  const { label, noun } = SECTORS[sector].products;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.products.admin.list.queryOptions({ sector }));
  const update = useMutation(trpc.products.admin.update.mutationOptions());
  const publish = useMutation(trpc.products.admin.publish.mutationOptions());
  const duplicate = useMutation(trpc.products.admin.duplicate.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<TEditorTarget | null>(null);
  const open = (productId: string | null) => setTarget({ productId, session: Date.now() });
  const titleId = `products-${sector}-title`;
  const refresh = () => queryClient.invalidateQueries(trpc.products.admin.pathFilter());

  const products = list.data ?? [];
  const shown = products.filter((product) => fold(product.name).includes(fold(search.trim())));

  const toggleActive = (product: TProduct) =>
    void confirm({
      title: product.active ? `Ritirare «${product.name}»?` : `Riattivare «${product.name}»?`,
      message: product.active
        ? 'Il corner non potrà più sceglierlo per nuove richieste; le pratiche già aperte restano come sono.'
        : 'Il corner potrà di nuovo sceglierlo per nuove richieste (nell’ultima versione pubblicata).',
      confirmLabel: product.active ? 'Ritira' : 'Riattiva',
      isDestructive: product.active,
      action: async () => {
        try {
          await update.mutateAsync({ sector, id: product.id, patch: { active: !product.active } });
          await refresh();
          toast('success', product.active ? `«${product.name}» ritirato.` : `«${product.name}» riattivato.`);
          return true;
        } catch (caught) {
          showApiError(caught);
          return false;
        }
      },
    });

  const publishProduct = (product: TProduct) =>
    void confirm({
      title: `Pubblicare «${product.name}»?`,
      message: publishMessage((product.latestVersion ?? 0) + 1),
      confirmLabel: 'Pubblica',
      isDestructive: false,
      action: async () => {
        try {
          const version = await publish.mutateAsync({ sector, id: product.id });
          await refresh();
          toast('success', PRODUCT_MSG.published(version.version));
          return true;
        } catch (caught) {
          showApiError(caught);
          return false;
        }
      },
    });

  const duplicateProduct = async (product: TProduct) => {
    try {
      const copy = await duplicate.mutateAsync({ sector, id: product.id });
      await refresh();
      toast('success', `Creata la copia «${copy.name}».`);
      open(copy.id);
    } catch (caught) {
      showApiError(caught);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={titleId}>
      {dialog}
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz={{ base: 18, sm: 20 }} id={titleId}>
              {label}
            </Title>
            <Text size="sm" c="dimmed">
              Ogni {noun} ha il suo questionario, i documenti e la provvigione. Le modifiche valgono dalla pubblicazione; le pratiche già compilate tengono la loro versione.
            </Text>
          </div>
          <Button onClick={() => open(null)}>Nuovo {noun}</Button>
        </Group>
        {list.isPending && <PageLoader />}
        {list.isError && <QueryError title={`Impossibile caricare: ${label.toLowerCase()}`} error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />}
        {list.data && products.length === 0 && (
          <EmptyState title={`Nessun ${noun}`} icon="folder" withBorder={false}>
            Crea il primo con «Nuovo {noun}»: i corner lo vedranno dopo la pubblicazione.
          </EmptyState>
        )}
        {products.length > 0 && (
          <>
            <TextInput
              label="Cerca per nome"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<Icon name="search" size={16} />}
              maw={360}
            />
            {shown.length === 0 && (
              <Text size="sm" c="dimmed">
                Nessun {noun} con «{search.trim()}» nel nome.
              </Text>
            )}
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
              {shown.map((product) => (
                <Paper key={product.id} component="li" withBorder radius="md" p="sm" aria-label={product.name}>
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                      <Text fw={600}>{product.name}</Text>
                      <Group gap={6}>
                        <Badge variant="light" color={product.active ? 'green' : 'gray'}>
                          {product.active ? 'Attivo' : 'Ritirato'}
                        </Badge>
                        <Badge variant="light" color={product.latestVersion ? 'blue' : 'gray'}>
                          {product.latestVersion ? `Versione ${product.latestVersion}` : 'Bozza mai pubblicata'}
                        </Badge>
                        {product.draftChanged && product.latestVersion !== null && (
                          <Badge variant="light" color="orange">
                            Modifiche da pubblicare
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                    <Group gap={6} wrap="wrap">
                      <Button size="xs" variant="light" onClick={() => open(product.id)} aria-label={`Modifica ${product.name}`}>
                        Modifica
                      </Button>
                      <Button size="xs" variant="default" onClick={() => void duplicateProduct(product)} loading={duplicate.isPending && duplicate.variables?.id === product.id} aria-label={`Duplica ${product.name}`}>
                        Duplica
                      </Button>
                      <Button size="xs" variant="default" color={product.active ? 'red' : undefined} onClick={() => toggleActive(product)} aria-label={`${product.active ? 'Ritira' : 'Riattiva'} ${product.name}`}>
                        {product.active ? 'Ritira' : 'Riattiva'}
                      </Button>
                      {(product.draftChanged || product.latestVersion === null) && (
                        <Button size="xs" onClick={() => publishProduct(product)} aria-label={`Pubblica ${product.name}`}>
                          Pubblica
                        </Button>
                      )}
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <ProductEditorDrawer
        sector={sector}
        noun={noun}
        target={target}
        onClose={() => {
          setTarget(null);
          void refresh();
        }}
        onCreated={(productId) => setTarget((current) => (current ? { ...current, productId } : current))}
      />
    </Paper>
  );
};
