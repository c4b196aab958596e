import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state (search, filters, order, page) kept in the address, so back, forward and a reload keep it.
 *
 * The state lives here and is written to the address; the address is read back only when it changes from outside
 * (back, forward, a link). Reading it back on every render would race the router: a date typed fast would be
 * overwritten by the address of a keystroke before. `read` and `write` may change between renders; the latest is used.
 */
export const useAddressListState = <TState>(read: (params: URLSearchParams) => TState, write: (state: TState) => URLSearchParams) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const [state, setLocalState] = useState(() => read(searchParams));
  const written = useRef(searchParams.toString());
  const readLatest = useRef(read);
  readLatest.current = read;
  useEffect(() => {
    const current = searchParams.toString();
    if (current === written.current) return;
    written.current = current;
    setLocalState(readLatest.current(searchParams));
  }, [searchParams]);

  const setState = (next: TState) => {
    const params = write(next);
    written.current = params.toString();
    setLocalState(next);
    setSearchParams(params, { replace: true });
  };
  return { state, setState, searchParams };
};

/**
 * The pages of a paged answer, and whether the page asked for is past the end (rows deleted meanwhile, an old
 * address): then the state moves to the last page there is. `panel`: the paging props of a PagedListPanel (a new page
 * size goes back to page 1).
 */
export const usePagedList = <TState extends { page: number; limit: number }>(
  answer: { data?: { list: readonly unknown[]; total: number }; isPlaceholderData: boolean; isFetching: boolean },
  state: TState,
  setState: (next: TState) => void,
) => {
  const { page, limit } = state;
  const total = answer.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / limit));
  const pastTheEnd = answer.data !== undefined && !answer.isPlaceholderData && answer.data.list.length === 0 && total > 0 && page > pages;
  useEffect(() => {
    if (pastTheEnd) setState({ ...state, page: pages });
  });
  const panel = {
    isFetching: answer.isFetching,
    isPlaceholderData: answer.isPlaceholderData,
    total,
    pages,
    page,
    limit: limit as TState['limit'],
    onLimit: (next: TState['limit']) => setState({ ...state, limit: next, page: 1 }),
    onPage: (next: number) => setState({ ...state, page: next }),
  };
  return { total, pages, pastTheEnd, panel };
};
