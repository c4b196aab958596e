import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { CONTRACT_MSG } from '../../../../../shared/schemas/contract';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { PATHS } from '../../../lib/paths';

/**
 * A refused action (409: the state changed, another broker has it; 403: the contract is not signed, the practice
 * must be taken first) told where the action was made. The contract guard's message leads to /documenti, where
 * the corner signs it.
 */
export const ActionError = ({ error }: { error: TErrorDisplay | null }) => {
  if (!error || error.messages.length === 0) return null;
  const needsContract = error.messages.includes(CONTRACT_MSG.signRequired);
  return (
    <Alert color={error.kind === 'warn' ? 'yellow' : 'red'} variant="light" role="alert">
      {error.messages.map((message) => (
        <div key={message} style={{ whiteSpace: 'pre-line' }}>
          {message}
        </div>
      ))}
      {needsContract && (
        <Anchor component={Link} to={PATHS.documents} size="sm" fw={600}>
          Vai a Documenti per firmare il contratto
        </Anchor>
      )}
    </Alert>
  );
};
