import { Alert, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TOfferedProduct } from '../../../../../../shared/schemas/products';
import { QueryError } from '../../../../components/query-error';
import type { TChosenProduct } from './product-form-values';

/** A select with more products than this lets the user type to filter. */
const SEARCHABLE_MIN = 8;

type TOfferedQuery = { data?: TOfferedProduct[]; isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };

type TProductPickerProps = {
  /** «Prodotto», «Tipo di fideiussione»: the label of the select. */
  label: string;
  /** «prodotto», «tipo di fideiussione»: what the empty and loading messages speak of. */
  noun: string;
  offered: TOfferedQuery;
  value: TChosenProduct | null;
  onChange: (product: TChosenProduct) => void;
  error?: string;
  disabled?: boolean;
};

/** «Nessun prodotto disponibile», «Nessun tipo di fideiussione disponibile». */
export const noProductsMessage = (noun: string): string => `Nessun ${noun} disponibile: l’amministratore non ne ha ancora pubblicati.`;

/**
 * The first choice of a new request of a product sector: the products offered now (the admin's order), each with its
 * description in the list and under the select once chosen. Choosing one takes its latest version.
 */
export const ProductPicker = ({ label, noun, offered, value, onChange, error, disabled }: TProductPickerProps) => {
  if (offered.isPending) {
    return (
      <Select
        label={label}
        placeholder="Caricamento…"
        data={[]}
        value={null}
        disabled
        withAsterisk
        rightSection={<Loader size="xs" />}
        aria-busy
      />
    );
  }
  if (offered.isError) return <QueryError title={`Impossibile caricare l’elenco (${noun})`} error={offered.error} onRetry={() => void offered.refetch()} isRetrying={offered.isFetching} />;
  const products = offered.data ?? [];
  if (products.length === 0) {
    return (
      <Alert color="gray" variant="light" title={label} role="status">
        {noProductsMessage(noun)}
      </Alert>
    );
  }
  const chosen = value ? products.find((product) => product.productId === value.id) : undefined;
  const byId = new Map(products.map((product) => [product.productId, product]));
  // A product chosen and retired since stays shown (the server's message says to choose another).
  const options = products.map((product) => ({ value: product.productId, label: product.name }));
  if (value && !chosen) options.push({ value: value.id, label: `${label} non più disponibile` });
  return (
    <Select
      label={label}
      placeholder="Seleziona"
      description={chosen?.description || undefined}
      data={options}
      value={value?.id ?? null}
      onChange={(id) => {
        const product = id ? byId.get(id) : undefined;
        if (product && product.productId !== value?.id) onChange({ id: product.productId, version: product.version });
      }}
      renderOption={({ option }) => {
        const description = byId.get(option.value)?.description;
        // The option's name is the product's alone (what a screen reader announces and a test picks exactly); the
        // description of the chosen one is read as the select's description.
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {description && (
              <Text size="xs" c="dimmed" lineClamp={2} aria-hidden>
                {description}
              </Text>
            )}
          </Stack>
        );
      }}
      searchable={products.length > SEARCHABLE_MIN}
      nothingFoundMessage="Nessun risultato."
      allowDeselect={false}
      withAsterisk
      error={error}
      disabled={disabled}
      comboboxProps={{ width: 'target' }}
      maxDropdownHeight={360}
    />
  );
};

/**
 * The product of a practice being edited: shown, not changed (its answers were given to its own version; another
 * product is another request).
 */
export const LockedProduct = ({ label, noun, name, version, error }: { label: string; noun: string; name: string; version: number; error?: string }) => (
  <TextInput
    label={label}
    value={`${name} · versione ${version}`}
    readOnly
    description={`Il ${noun} di una pratica non si cambia: le risposte restano quelle della sua versione.`}
    error={error}
  />
);
