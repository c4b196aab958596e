import type { TRole } from '../../../../../shared/constants';
import type { TDocAudience } from '../../../../../shared/schemas/contract';
import { ROLE_LABELS } from '../../../lib/labels';
import type { TAudienceValue } from './admin-documents-api';

export const AUDIENCE_OPTIONS: { value: TDocAudience; label: string }[] = [
  { value: 'all', label: 'Tutti' },
  { value: 'roles', label: 'Ruoli' },
  { value: 'users', label: 'Utenti specifici' },
  { value: 'none', label: 'Solo amministratori' },
];

export const DOC_TYPE_LABELS = { 'contract-template': 'Modello di contratto', other: 'Altro documento' } as const;

/** "Tutti", "Ruoli: Corner, Broker", "Utenti: Mario Rossi, …", "Solo amministratori". */
export const describeAudience = (doc: { audience: TDocAudience; roles: readonly TRole[]; users: readonly { name: string }[]; userIds: readonly string[] }): string => {
  switch (doc.audience) {
    case 'all':
      return 'Visibile a tutti';
    case 'roles':
      return `Ruoli: ${doc.roles.map((role) => ROLE_LABELS[role]).join(', ')}`;
    case 'users': {
      const names = doc.users.map((user) => user.name);
      return `Utenti: ${names.length > 0 ? names.join(', ') : `${doc.userIds.length}`}`;
    }
    default:
      return 'Solo amministratori';
  }
};

/** What is missing before an audience can be sent (the server says the same). */
export const audienceProblem = (value: TAudienceValue): string | null => {
  if (value.audience === 'roles' && value.roles.length === 0) return 'Indica almeno un ruolo.';
  if (value.audience === 'users' && value.userIds.length === 0) return 'Indica almeno un utente.';
  return null;
};
