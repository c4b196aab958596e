import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/use-session';

/** 'Torna al tuo account' and 'Esci', with their failures shown by the error display (spec section 8). */
export const useAccountActions = () => {
  const session = useSession();
  const navigate = useNavigate();
  const returnToAccount = useMutation({
    mutationFn: session.stopImpersonation,
    meta: { errorToast: true },
    onSuccess: (to) => void navigate(to),
  });
  const signOut = useMutation({ mutationFn: session.signOut, meta: { errorToast: true } });
  return { returnToAccount, signOut };
};
