import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { productLabelOf, productNounOf, type TProductSector } from './product-labels';
import { useOfferedProducts } from './use-products';

type TProductFilterProps = {
  sector: TProductSector;
  /** The product's id, or null for every product. */
  value: string | null;
  onChange: (productId: string | null) => void;
};

/**
 * The list's filter by product (issue 29): the products offered now, by name. A product of the address that is no
 * longer offered (retired) still shows, so the filter can be read and cleared.
 */
export const ProductFilter = ({ sector, value, onChange }: TProductFilterProps) => {
  const offered = useOfferedProducts(sector);
  const noun = productNounOf(sector);
  const options = useMemo(() => {
    const products = (offered.data ?? []).map((product) => ({ value: product.productId, label: product.name }));
    return value && !products.some((product) => product.value === value) ? [...products, { value, label: `${productLabelOf(sector)} non più offerto` }] : products;
  }, [offered.data, value, sector]);

  return (
    <Select
      label={productLabelOf(sector)}
      placeholder={offered.isPending ? 'Caricamento…' : 'Tutti'}
      data={options}
      value={value}
      onChange={onChange}
      error={offered.isError ? `Impossibile caricare l’elenco (${noun}): ricarica la pagina.` : undefined}
      nothingFoundMessage={offered.isPending ? 'Caricamento…' : 'Nessun risultato.'}
      searchable
      clearable
      size="sm"
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ width: 'target' }}
    />
  );
};
