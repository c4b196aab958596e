import { Tooltip, UnstyledButton } from '@mantine/core';
import { getImpersonationToken } from '../../../lib/impersonation-storage';
import { useConnectionState, useRealtime } from '../../../lib/realtime/realtime-context';

/** Spec section 2: green when the realtime connection is up; a double-click drops it or reconnects with the stored bearer token. */
export const ConnectionStatusDot = () => {
  const realtime = useRealtime();
  const { connected } = useConnectionState();
  const label = `Stato connessione: ${connected ? 'connesso' : 'non connesso'}`;
  return (
    <Tooltip label={`${label} (doppio clic per ${connected ? 'disconnettere' : 'riconnettere'})`} withArrow>
      <UnstyledButton
        aria-label={label}
        data-connected={connected}
        onDoubleClick={() => realtime.toggle(getImpersonationToken())}
        w={24}
        h={24}
        style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', borderRadius: '50%' }}
      >
        <span
          aria-hidden
          style={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            background: connected ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)',
            boxShadow: connected ? '0 0 0 3px var(--mantine-color-green-1)' : '0 0 0 3px var(--mantine-color-gray-2)',
          }}
        />
      </UnstyledButton>
    </Tooltip>
  );
};
