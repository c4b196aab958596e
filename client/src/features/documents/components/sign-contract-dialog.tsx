import { Alert, Anchor, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { TContractOtpResponse } from '../../../../../shared/schemas/contract';
import { ApiError } from '../../../lib/api-error';
import { describeError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { fromTrpcError } from '../../../lib/trpc-error';
import { formatCountdown, useSecondsUntil } from '../hooks/use-seconds-until';

type TSentCode = Pick<TContractOtpResponse, 'maskedDestination' | 'channel' | 'expiresAt' | 'resendAfter'> & { attemptsLeft?: number };

type TSignContractDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Opens the contract the code signs (the dialog's text links to it). */
  onReadContract: () => void;
};

const CHANNEL_LABEL: Record<string, string> = { email: 'via e-mail', sms: 'via SMS' };

/**
 * 'Firma con OTP': sends a 6-digit code (resend allowed after the server's wait), takes it in six boxes and
 * signs. A code already on its way (contract.status) is picked up when the dialog opens again.
 */
export const SignContractDialog = ({ opened, onClose, onReadContract }: TSignContractDialogProps) => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const status = useQuery(trpc.contract.status.queryOptions(undefined, { enabled: opened }));
  const requestOtp = useMutation(trpc.contract.requestOtp.mutationOptions());
  const signContract = useMutation(trpc.contract.sign.mutationOptions());
  /** What the code changes: the profile's contract, the documents and the contract's own status. */
  const refreshAfterCode = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.profile.get.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.files.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.contract.status.pathKey() }),
    ]);
  const [sent, setSent] = useState<TSentCode | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ kind: 'warn' | 'error'; messages: string[] } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isSigning, setIsSigning] = useState(false);
  const expiresIn = useSecondsUntil(sent?.expiresAt);
  const resendIn = useSecondsUntil(sent?.resendAfter);

  // A code sent earlier (another tab, a reload) is still good: the dialog continues from it.
  const pending = status.data?.otp;
  useEffect(() => {
    if (opened && pending && !sent) setSent(pending);
  }, [opened, pending, sent]);

  const reset = () => {
    setCode('');
    setError(null);
    setSent(null);
  };

  const sendCode = async () => {
    setIsSending(true);
    setError(null);
    try {
      const answer = await requestOtp.mutateAsync();
      setSent(answer);
      setCode('');
      toast('success', answer.message);
      void refreshAfterCode();
    } catch (caught) {
      setError(describeError(caught));
      // 429: the wait is known from the code already sent; the status says when.
      const failure = fromTrpcError(caught);
      if (failure instanceof ApiError && failure.status === 429) {
        const fresh = await status.refetch();
        if (fresh.data?.otp) setSent(fresh.data.otp);
      }
    } finally {
      setIsSending(false);
    }
  };

  const sign = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!sent) return;
    if (!/^\d{6}$/.test(code)) {
      setError({ kind: 'warn', messages: ['Il codice è formato da 6 cifre.'] });
      return;
    }
    setIsSigning(true);
    setError(null);
    try {
      const answer = await signContract.mutateAsync({ otp: code });
      toast('success', answer.message);
      await refreshAfterCode();
      onClose();
    } catch (caught) {
      setError(describeError(caught));
      setCode('');
    } finally {
      setIsSigning(false);
    }
  };

  const isExpired = expiresIn === 0;
  const canResend = !isSending && (resendIn === null || resendIn === 0);

  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={reset} title="Firma il contratto con OTP" centered radius="lg" size="md" closeButtonProps={{ 'aria-label': 'Chiudi' }}>
      <form noValidate onSubmit={(event) => void sign(event)}>
        <Stack gap="md">
          <Text size="sm">
            Ti inviamo un codice di 6 cifre: inserendolo dichiari di aver letto e di accettare il{' '}
            <Anchor component="button" type="button" size="sm" onClick={onReadContract} style={{ verticalAlign: 'baseline' }}>
              contratto di collaborazione
            </Anchor>
            . Il codice vale 10 minuti e puoi sbagliarlo al massimo 5 volte.
          </Text>
          {error && (
            <Alert color={error.kind === 'warn' ? 'yellow' : 'red'} variant="light" role="alert">
              {error.messages.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          {!sent ? (
            <Button onClick={() => void sendCode()} loading={isSending} fullWidth>
              Invia codice
            </Button>
          ) : (
            <>
              <Text size="sm" aria-live="polite">
                Codice inviato {CHANNEL_LABEL[sent.channel] ?? ''} a <strong>{sent.maskedDestination}</strong>.{' '}
                {isExpired ? 'Il codice è scaduto: richiedine uno nuovo.' : expiresIn !== null ? `Scade tra ${formatCountdown(expiresIn)}.` : ''}
              </Text>
              <Stack gap={6} align="center">
                <Text size="sm" fw={500} id="contract-otp-label">
                  Codice di 6 cifre
                </Text>
                <PinInput
                  length={6}
                  type="number"
                  inputMode="numeric"
                  oneTimeCode
                  value={code}
                  onChange={setCode}
                  disabled={isSigning || isExpired}
                  getInputProps={(index) => ({ 'aria-label': `Cifra ${index + 1} di 6 del codice` })}
                  size="md"
                  gap={6}
                  autoFocus
                />
              </Stack>
              <Group justify="space-between" gap="sm">
                <Button variant="subtle" onClick={() => void sendCode()} disabled={!canResend} loading={isSending}>
                  {resendIn ? `Invia di nuovo tra ${formatCountdown(resendIn)}` : 'Invia di nuovo'}
                </Button>
                <Button type="submit" loading={isSigning} disabled={isExpired || code.length !== 6}>
                  Firma
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Modal>
  );
};
