import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** The category of a card, among the admin's categories. */
export const CategorySelect = ({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) => {
  const trpc = useTRPC();
  const categories = useQuery(trpc.giftcards.admin.categories.list.queryOptions());
  return (
    <Select
      label="Categoria"
      placeholder={categories.data?.length === 0 ? 'Crea prima una categoria' : 'Scegli la categoria'}
      data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      error={error}
      required
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
};
