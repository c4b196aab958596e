import { Alert, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { CLIENT_RECORD_MSG, MOVE_REASON_MAX, ZMoveReason, type TClientRecord } from '../../../../../shared/schemas/client-record';
import { Dialog } from '../../../components/dialog/dialog';
import { ApiError } from '../../../lib/api-error';
import { describeError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useTRPC } from '../../../lib/trpc';

/** The client being moved: enough to name it and its current corner. */
export type TMovingClient = { id: string; name: string; cornerId: string };

/** Active corners by id, the same query as /admin/clienti's corner filter (shared in the cache). */
const useActiveCorners = (enabled: boolean) => {
  const trpc = useTRPC();
  return useQuery(
    trpc.admin.users.find.queryOptions(
      { role: 'corner', page: 1, limit: 0 },
      {
        enabled,
        select: (answer) => ({
          names: new Map(answer.list.map((user) => [user.id, getDisplayName(user) || user.email] as const)),
          active: answer.list.filter((user) => user.state === 'active').map((user) => ({ value: user.id, label: getDisplayName(user) || user.email })),
        }),
      },
    ),
  );
};

export const useMoveClient = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.clients.move.mutationOptions({
      onSuccess: (record: TClientRecord) => {
        queryClient.setQueryData(trpc.clients.get.queryKey({ id: record.id }), record);
        void queryClient.invalidateQueries({ queryKey: trpc.clients.find.queryKey() });
      },
    }),
  );
};

type TClientMoveDialogProps = {
  /** The client to move; null keeps the dialog closed. */
  client: TMovingClient | null;
  onClose: () => void;
  onMoved?: (record: TClientRecord) => void;
};

/**
 * "Sposta" (admins, /admin/clienti and the record page): the corner that takes the client and the reason, then a
 * confirmation naming the client and both corners. The server's refusals (a duplicate in the target book, a corner
 * no longer active) are shown in Italian, on the field they concern, with the dialog back on the first step.
 */
export const ClientMoveDialog = ({ client, onClose, onMoved }: TClientMoveDialogProps) => {
  const corners = useActiveCorners(client !== null);
  const move = useMoveClient();
  const [step, setStep] = useState(0);
  const [toCornerId, setToCornerId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ toCornerId?: string; reason?: string; form?: string }>({});

  const reset = () => {
    setStep(0);
    setToCornerId(null);
    setReason('');
    setErrors({});
  };
  const fromName = client ? (corners.data?.names.get(client.cornerId) ?? '—') : '';
  const toName = toCornerId ? (corners.data?.names.get(toCornerId) ?? '') : '';
  const options = (corners.data?.active ?? []).filter((option) => option.value !== client?.cornerId);

  const checkChoice = (): boolean => {
    const next: typeof errors = {};
    if (!toCornerId) next.toCornerId = CLIENT_RECORD_MSG.moveTargetRequired;
    const parsed = ZMoveReason.safeParse(reason);
    if (!parsed.success) next.reason = parsed.error.issues[0]?.message ?? CLIENT_RECORD_MSG.moveReasonRequired;
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const confirm = async (): Promise<boolean> => {
    if (!client || !toCornerId || !checkChoice()) return false;
    try {
      const record = await move.mutateAsync({ id: client.id, toCornerId, reason });
      toast('success', CLIENT_RECORD_MSG.moved(client.name, record.cornerName || toName));
      onMoved?.(record);
      return true;
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && (error.fields.toCornerId || error.fields.reason)) {
        setErrors({ toCornerId: error.fields.toCornerId?.join('\n'), reason: error.fields.reason?.join('\n') });
        setStep(0);
      } else {
        setErrors({ form: describeError(caught).messages.join('\n') });
      }
      return false;
    }
  };

  const choice = (
    <Stack gap="md">
      <Text size="sm">
        Il cliente <b>{client?.name}</b> è ora nella rubrica di <b>{fromName}</b>.
      </Text>
      <Select
        label="Nuovo corner"
        placeholder={corners.isPending ? 'Caricamento dei corner…' : 'Cerca un corner'}
        data={options}
        value={toCornerId}
        onChange={(value) => {
          setToCornerId(value);
          setErrors((current) => ({ ...current, toCornerId: undefined, form: undefined }));
        }}
        error={errors.toCornerId ?? (corners.isError ? 'Impossibile caricare i corner: riprova più tardi.' : undefined)}
        nothingFoundMessage="Nessun corner attivo con questo nome"
        searchable
        required
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Motivo dello spostamento"
        description="Resta nel registro delle attività amministrative."
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setErrors((current) => ({ ...current, reason: undefined, form: undefined }));
        }}
        error={errors.reason}
        maxLength={MOVE_REASON_MAX}
        autosize
        minRows={3}
        required
      />
    </Stack>
  );

  const summary = (
    <Text size="sm">
      Spostare <b>{client?.name}</b> dal corner <b>{fromName}</b> al corner <b>{toName}</b>? Il cliente passa con le sue note nella rubrica di {toName}, e{' '}
      {fromName} non lo vedrà più.
    </Text>
  );

  return (
    <Dialog
      opened={client !== null}
      onClose={onClose}
      onExited={reset}
      title="Sposta a un altro corner"
      size="md"
      step={step}
      onStepChange={setStep}
      steps={[
        { title: 'Corner e motivo', content: choice, onNext: checkChoice },
        { title: 'Conferma', content: summary },
      ]}
      onConfirm={confirm}
      labels={{ confirm: 'Sposta' }}
    >
      {errors.form && (
        <Alert color="red" variant="light" role="alert">
          {errors.form}
        </Alert>
      )}
    </Dialog>
  );
};
