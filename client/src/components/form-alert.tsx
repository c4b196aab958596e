import { Alert } from '@mantine/core';
import type { TErrorDisplay } from '../lib/api-error-display';

/** The part of a failed submit that belongs to no single field, announced to screen readers. */
export const FormAlert = ({ error }: { error: TErrorDisplay | null }) => {
  if (!error || error.messages.length === 0) return null;
  const isWarning = error.kind === 'warn';
  return (
    <Alert color={isWarning ? 'yellow' : 'red'} variant="light" role="alert" title={isWarning ? 'Attenzione' : undefined}>
      {error.messages.map((message) => (
        <div key={message} style={{ whiteSpace: 'pre-line' }}>
          {message}
        </div>
      ))}
    </Alert>
  );
};
