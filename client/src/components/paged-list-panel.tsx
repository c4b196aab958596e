import { Group, Paper, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/italian';
import { Pager } from './pager';

type TPagedListPanelProps<TSize extends number> = {
  children: ReactNode;
  /** A newer page is on its way: the panel says it is busy. */
  isFetching: boolean;
  /** The rows shown are the previous page's, while the new one loads: the panel is dimmed. */
  isPlaceholderData: boolean;
  /** How many rows match, said as `formatCount(total, singular, plural)`. */
  total: number;
  singular: string;
  plural: string;
  /** The accessible name of the page size field ("Clienti per pagina"). */
  sizeLabel: string;
  sizes: readonly TSize[];
  limit: TSize;
  onLimit: (limit: TSize) => void;
  pages: number;
  page: number;
  onPage: (page: number) => void;
};

/** A paged list's rows in a panel, under them how many match, the rows per page and, past one page, the pager. */
export const PagedListPanel = <TSize extends number>(props: TPagedListPanelProps<TSize>) => {
  const { children, isFetching, isPlaceholderData, total, singular, plural, sizeLabel, sizes, limit, onLimit, pages, page, onPage } = props;
  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={isFetching} style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {children}
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {formatCount(total, singular, plural)}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={sizeLabel}
            data={sizes.map((size) => ({ value: String(size), label: `${size} per pagina` }))}
            value={String(limit)}
            onChange={(value) => onLimit(Number(value ?? limit) as TSize)}
            allowDeselect={false}
            size="sm"
            w={150}
          />
          {pages > 1 && <Pager pages={pages} page={page} onPage={onPage} />}
        </Group>
      </Group>
    </Paper>
  );
};
