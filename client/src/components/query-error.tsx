import { Alert, Button, Stack } from '@mantine/core';
import { describeError } from '../lib/api-error-display';

type TQueryErrorProps = { title: string; error: unknown; onRetry?: () => void; isRetrying?: boolean };

/** A page's data that failed to load: the messages of spec section 8 in place of the content, and a retry. */
export const QueryError = ({ title, error, onRetry, isRetrying = false }: TQueryErrorProps) => {
  const { kind, messages } = describeError(error);
  const color = kind === 'warn' ? 'yellow' : 'red';
  return (
    <Alert color={color} variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        {messages.map((message) => (
          <div key={message} style={{ whiteSpace: 'pre-line' }}>
            {message}
          </div>
        ))}
        {onRetry && (
          <Button size="xs" variant="white" color={color} onClick={onRetry} loading={isRetrying}>
            Riprova
          </Button>
        )}
      </Stack>
    </Alert>
  );
};
