import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NavContext } from '../lib/nav-context';
import { SessionProvider } from '../lib/session/session-provider';
import { TOAST_TIMEOUT_MS } from '../lib/toast';
import { NAV } from './nav';
import { createQueryClient } from './query-client';
import { theme } from './theme';

export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* At the bottom: at the top, toasts covered the close button of an open dialog and, on a phone, the header. */}
      <Notifications position="bottom-right" autoClose={TOAST_TIMEOUT_MS} limit={5} />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <NavContext.Provider value={NAV}>{children}</NavContext.Provider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
};
