import { Group, Pagination, Text, type MantineSpacing } from '@mantine/core';
import { formatCount } from '../lib/italian';

/** Italian names of the pager's arrows, for screen readers. */
const CONTROL_LABELS = { previous: 'Pagina precedente', next: 'Pagina successiva', first: 'Prima pagina', last: 'Ultima pagina' } as const;

type TPagerProps = { pages: number; page: number; onPage: (page: number) => void };

/** Mantine's pagination with the app's size and Italian labels; the page is kept within the pages there are. */
export const Pager = ({ pages, page, onPage }: TPagerProps) => (
  <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })} />
);

type TPagedFooterProps = TPagerProps & { count: number; singular: string; plural: string; mt?: MantineSpacing };

/** Under a paged list: how many rows match ("1.234 comuni") and, when there is more than one page, the pager. */
export const PagedFooter = ({ count, singular, plural, pages, page, onPage, mt }: TPagedFooterProps) => (
  <Group justify="space-between" mt={mt} gap="sm">
    <Text size="sm" c="dimmed">
      {formatCount(count, singular, plural)}
    </Text>
    {pages > 1 && <Pager pages={pages} page={page} onPage={onPage} />}
  </Group>
);
