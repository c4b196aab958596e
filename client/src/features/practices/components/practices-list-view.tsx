import { Button, Group, Stack } from '@mantine/core';
import { endSentence } from '../../../../../shared/rules/sentence';
import { useInterval } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { practiceDefinition } from '../../../../../shared/practices/registry';
import type { TPractice, TPracticeSort } from '../../../../../shared/schemas/practices';
import { SECTORS, type TSectorSlug } from '../../../../../shared/sectors';
import { EmptyState } from '../../../components/empty-state';
import { PagedListPanel } from '../../../components/paged-list-panel';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useAddressListState, usePagedList } from '../../../lib/use-address-list-state';
import { useTakeFromList, usePractices } from '../api/use-practices';
import { newPracticePath, practicePath } from '../paths';
import {
  hasPracticeFilters,
  isReversedPracticeRange,
  NO_PRACTICE_FILTERS,
  PRACTICE_PAGE_SIZES,
  readPracticesState,
  toPracticesQuery,
  writePracticesState,
  type TPracticeFilters,
  type TPracticesListState,
} from '../practices-list';
import { sectorSearchHint } from '../sectors/sector-info';
import { useActivationSelection } from '../utility-bulk/use-activation-selection';
import { isUtilityBulkSector } from '../utility-bulk/utility-bulk';
import { UtilityBulkToolbar } from '../utility-bulk/utility-bulk-toolbar';
import { PracticesFilterBar } from './practices-filter-bar';
import { PracticesTable } from './practices-table';

/** The current minute: the waited times and the age filter move with it, not on every render. */
const useMinute = (): Date => {
  const [now, setNow] = useState(() => new Date());
  const interval = useInterval(() => setNow(new Date()), 60_000, { autoInvoke: true });
  useEffect(() => interval.stop, [interval.stop]);
  return now;
};

type TPracticesListViewProps = {
  sector: TSectorSlug;
  /**
   * `list`: a corner's own practices, or every corner's for an admin (filter by client and period, "Nuova pratica").
   * `worklist`: a broker's queue (the practice waiting longest first, age filter, "Prendi in carico").
   */
  mode: 'list' | 'worklist';
  userId: string;
  /** Offers "Nuova pratica" (corners and admins). */
  canCreate?: boolean;
  /** Shows each practice's corner, which filters the list to it when clicked (brokers and admins). */
  showCorner?: boolean;
};

/**
 * A sector's practices, searched, filtered, sorted and paged by the server (practices.list); the filters, order and
 * page live in the address, so back, forward and a reload keep them.
 */
export const PracticesListView = ({ sector, mode, userId, canCreate = false, showCorner = false }: TPracticesListViewProps) => {
  const definition = practiceDefinition(sector);
  const label = SECTORS[sector].label;
  const worklist = mode === 'worklist';
  const defaultSort: TPracticeSort = worklist ? 'waiting' : 'newest';
  const states = useMemo(() => Object.entries(definition.states as Record<string, string>).map(([value, text]) => ({ value, label: text })), [definition]);
  const stateKeys = useMemo(() => states.map((state) => state.value), [states]);
  const navigate = useNavigate();

  // The state lives here and is written to the address, read back only when the address changes from outside.
  const { state, setState } = useAddressListState<TPracticesListState>(
    (params) => readPracticesState(params, { states: stateKeys, defaultSort, sector }),
    (next) => writePracticesState(next, { defaultSort }),
  );
  const [resetCount, setResetCount] = useState(0);

  const now = useMinute();
  const { filters, sort } = state;
  const practices = usePractices(sector, toPracticesQuery(state, now, { openOnly: worklist }));
  const take = useTakeFromList();
  const [cornerName, setCornerName] = useState<string | null>(null);
  // Luce e gas and GPL worklists: activations chosen across pages for the supplier's portal, and its outcome file.
  const bulkSector = worklist && isUtilityBulkSector(sector) ? sector : null;
  const selection = useActivationSelection(sector);

  const changeFilters = (next: TPracticeFilters) => setState({ ...state, filters: next, page: 1 });
  const resetFilters = () => {
    setState({ ...state, filters: NO_PRACTICE_FILTERS, page: 1 });
    setResetCount((count) => count + 1);
  };

  const takePractice = (practice: TPractice) =>
    take.mutate(
      { sector, id: practice.id },
      {
        onSuccess: () => {
          toast('success', endSentence(`Hai preso in carico ${practice.title}`));
          void navigate(practicePath(sector, practice.id));
        },
        onError: showApiError,
      },
    );

  const { total, pastTheEnd, panel } = usePagedList(practices, state, setState);

  const creation = canCreate && (
    <Group justify="flex-end">
      <Button component={Link} to={newPracticePath(sector, filters.clientId ?? undefined)}>
        Nuova pratica {label}
      </Button>
    </Group>
  );

  if (practices.isPending) return <PageLoader />;
  if (practices.isError && !practices.data) {
    return <QueryError title="Impossibile caricare le pratiche" error={practices.error} onRetry={() => void practices.refetch()} isRetrying={practices.isFetching} />;
  }
  const filtered = hasPracticeFilters(filters);
  // Nothing in the sector yet (or, on the worklist, nothing left to work): no filters to offer, one empty state.
  const isEmptyBook = total === 0 && !filtered && !practices.isPlaceholderData;
  const shownCorner = filters.cornerId ? (practices.data.list.find((practice) => practice.cornerId === filters.cornerId)?.cornerName ?? cornerName) : null;

  // One tree for both cases, the bulk toolbar always at the same place: the supplier's outcome file is imported from
  // the worklist even when nothing is left to work, and the import dialog (its report still being read) must not be
  // unmounted when the last open activation leaves the list (a cessation makes it final).
  return (
    <Stack gap="md">
      {creation}
      {!isEmptyBook && (
        <PracticesFilterBar
          sector={sector}
          filters={filters}
          sort={sort}
          states={states}
          worklist={worklist}
          cornerName={shownCorner}
          onChange={changeFilters}
          onSort={(next) => setState({ ...state, sort: next, page: 1 })}
          onReset={resetFilters}
          resetCount={resetCount}
          searchPlaceholder={sectorSearchHint(sector)}
        />
      )}
      {practices.isError && <QueryError title="Impossibile aggiornare le pratiche" error={practices.error} onRetry={() => void practices.refetch()} isRetrying={practices.isFetching} />}
      {bulkSector && <UtilityBulkToolbar sector={bulkSector} selected={selection.selected} onClear={selection.clear} />}
      {isEmptyBook ? (
        <EmptyState title={worklist ? `Nessuna pratica ${label} da lavorare` : `Nessuna pratica ${label}`} icon="folder">
          {worklist
            ? `Quando un corner invierà una richiesta ${label}, la troverai qui: potrai prenderla in carico, quotarla ed emetterla.`
            : canCreate
              ? `Non ci sono ancora pratiche ${label}. Apri la prima con «Nuova pratica ${label}»: la troverai qui con il suo stato.`
              : `Non ci sono ancora pratiche ${label}.`}
        </EmptyState>
      ) : practices.data.list.length === 0 ? (
        practices.isPlaceholderData || pastTheEnd ? (
          <PageLoader />
        ) : (
          <EmptyState title="Nessuna pratica corrisponde ai filtri" icon="search">
            {isReversedPracticeRange(filters)
              ? 'La data «Aperte al» viene prima di «Aperte dal»: correggi il periodo o usa «Azzera filtri».'
              : 'Cambia la ricerca o i filtri, oppure usa «Azzera filtri».'}
          </EmptyState>
        )
      ) : (
        <PagedListPanel {...panel} singular="pratica" plural="pratiche" sizeLabel="Pratiche per pagina" sizes={PRACTICE_PAGE_SIZES}>
          <PracticesTable
            sector={sector}
            practices={practices.data.list}
            showCorner={showCorner}
            selection={bulkSector ? { selected: selection.selected, onToggle: selection.onToggle, onToggleAll: selection.onToggleAll } : undefined}
            worklist={worklist ? { userId, now, onTake: takePractice, takingId: take.isPending ? (take.variables?.id ?? null) : null } : undefined}
            onCorner={
              showCorner
                ? (cornerId, name) => {
                    setCornerName(name);
                    changeFilters({ ...filters, cornerId });
                  }
                : undefined
            }
          />
        </PagedListPanel>
      )}
    </Stack>
  );
};
