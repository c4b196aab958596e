import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { showApiError } from '../../../lib/api-error-display';
import { useSession } from '../../../lib/session/use-session';

export const LogoutButton = (props: ButtonProps) => {
  const { signOut } = useSession();
  const [isPending, setIsPending] = useState(false);
  const handleClick = async () => {
    setIsPending(true);
    try {
      await signOut();
    } catch (error) {
      showApiError(error);
      setIsPending(false);
    }
  };
  return (
    <Button variant="default" {...props} loading={isPending} onClick={() => void handleClick()}>
      Esci
    </Button>
  );
};
