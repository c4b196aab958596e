import type { TRole } from '../../../shared/constants';

/** Italian names of the roles, as users see them. */
export const ROLE_LABELS: Record<TRole, string> = {
  admin: 'Amministratore',
  corner: 'Corner',
  broker: 'Broker',
};
