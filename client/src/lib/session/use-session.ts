import { useContext } from 'react';
import { SessionContext, type TSession } from './session-context';

export const useSession = (): TSession => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
};
