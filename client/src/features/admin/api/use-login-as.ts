import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/use-session';

/**
 * "Accedi come" (spec section 4): the admin acts as the user from now on and lands on '/'; the current address
 * (with its filters) is where 'Torna al tuo account' brings the admin back.
 */
export const useLoginAs = () => {
  const { startImpersonation } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: string) => startImpersonation(userId, `${location.pathname}${location.search}`),
    meta: { errorToast: true },
    onSuccess: () => void navigate('/'),
  });
};
