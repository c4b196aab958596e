import { ACCOUNT_STATES, ROLES, type TAccountState, type TRole } from '../../../../shared/constants';

export const USERS_PAGE_SIZE = 25;

export type TUsersFilters = { q: string; role: TRole | null; state: TAccountState | null; page: number };

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The filters live in the address, so the return address of an impersonation brings the same list back. */
export const readUsersFilters = (params: URLSearchParams): TUsersFilters => {
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  return {
    q: params.get('q') ?? '',
    role: pick(ROLES, params.get('ruolo')),
    state: pick(ACCOUNT_STATES, params.get('stato')),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
};

export const writeUsersFilters = (filters: TUsersFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.role) params.set('ruolo', filters.role);
  if (filters.state) params.set('stato', filters.state);
  if (filters.page > 1) params.set('pagina', String(filters.page));
  return params;
};
