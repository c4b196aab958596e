import { Alert, Group, Loader, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { describeError } from '../../../lib/api-error-display';
import { verifyEmail } from '../api/auth-api';

const QUERY_KEY = 'verifica';

/** Confirms the address of a `?verifica=<token>` link once, then drops the token from the URL. */
export const EmailVerification = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get(QUERY_KEY);
  const hasStarted = useRef(false);
  const { mutate, data, error, isPending } = useMutation({
    mutationFn: verifyEmail,
    onSettled: () =>
      setSearchParams(
        (params) => {
          params.delete(QUERY_KEY);
          return params;
        },
        { replace: true },
      ),
  });

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (isPending) {
    return (
      <Alert color="indigo" variant="light" role="status">
        <Group gap="sm" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm">Verifica dell’indirizzo email in corso…</Text>
        </Group>
      </Alert>
    );
  }
  if (error) return <FormAlert error={describeError(error)} />;
  if (data) {
    return (
      <Alert color="teal" variant="light" role="status" title="Email confermata">
        {data.message}
      </Alert>
    );
  }
  return null;
};
