import { Badge } from '@mantine/core';
import type { TProfileStatus } from '../../../../../shared/schemas/profile';

/** The profile status of spec section 3: complete, or what is still missing. */
export const ProfileStatusBadge = ({ status }: { status: TProfileStatus }) => {
  if (status === true) {
    return (
      <Badge variant="light" color="teal">
        Completo
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="yellow">
      {status.tax ? 'Dati mancanti' : 'Dati fiscali mancanti'}
    </Badge>
  );
};
