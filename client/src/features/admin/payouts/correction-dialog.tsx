import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LEDGER_MAX_CORRECTION_CENTS, LEDGER_MSG } from '../../../../../shared/schemas/ledger';
import { Dialog } from '../../../components/dialog/dialog';
import { FormAlert } from '../../../components/form-alert';
import { DecimalInput } from '../../../components/inputs/decimal-input';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatCents } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useTRPC } from '../../../lib/trpc';
import { CornerSelect } from './corner-select';

type TErrors = { cornerId?: string; amountCents?: string; description?: string };

/**
 * «Rettifica»: a signed amount booked in one corner's ledger with the reason the corner reads. A second step
 * repeats what will be booked before it is: a correction is never deleted, only reversed.
 */
export const CorrectionDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const correct = useMutation(trpc.ledger.admin.correct.mutationOptions());
  const [step, setStep] = useState(0);
  const [cornerId, setCornerId] = useState<string | null>(null);
  const [cornerLabel, setCornerLabel] = useState('');
  const [euros, setEuros] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const cents = euros === null ? null : Math.round(euros * 100);

  const check = () => {
    const found: TErrors = {};
    if (!cornerId) found.cornerId = 'Scegli il corner.';
    if (cents === null || cents === 0 || Math.abs(cents) > LEDGER_MAX_CORRECTION_CENTS) found.amountCents = LEDGER_MSG.amountInvalid;
    if (description.trim().length < 5) found.description = LEDGER_MSG.descriptionRequired;
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const confirm = async () => {
    if (!cornerId || cents === null) return false;
    setFailure(null);
    try {
      await correct.mutateAsync({ cornerId, amountCents: cents, description: description.trim() });
      await queryClient.invalidateQueries(trpc.ledger.pathFilter());
      await queryClient.invalidateQueries(trpc.payouts.pathFilter());
      toast('success', 'Rettifica registrata.');
      return true;
    } catch (error) {
      const caught = fromTrpcError(error);
      if (caught instanceof ApiError && caught.hasFields) {
        setErrors(Object.fromEntries(Object.entries(caught.fields).map(([key, messages]) => [key, messages.join('\n')])));
        setStep(0);
      } else setFailure(describeError(caught));
      return false;
    }
  };

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      onExited={() => {
        setStep(0);
        setCornerId(null);
        setEuros(null);
        setDescription('');
        setErrors({});
        setFailure(null);
      }}
      title="Rettifica"
      step={step}
      onStepChange={setStep}
      onConfirm={confirm}
      labels={{ confirm: 'Registra la rettifica' }}
      steps={[
        {
          title: 'Dati',
          onNext: check,
          content: (
            <Stack gap="sm">
              <CornerSelect
                value={cornerId}
                onChange={(id, label) => {
                  setCornerId(id);
                  setCornerLabel(label);
                }}
                error={errors.cornerId}
              />
              <DecimalInput
                label="Importo (€)"
                description="Positivo per accreditare, negativo (con il segno meno) per addebitare."
                value={euros}
                onChange={setEuros}
                minimumFractionDigits={2}
                error={errors.amountCents}
                withAsterisk
              />
              <Textarea label="Motivo" description="Il corner lo legge nel suo registro." value={description} onChange={(event) => setDescription(event.currentTarget.value)} error={errors.description} withAsterisk autosize minRows={2} maxLength={300} />
            </Stack>
          ),
        },
        {
          title: 'Conferma',
          content: (
            <Stack gap="sm">
              <FormAlert error={failure} />
              <Alert color={cents !== null && cents < 0 ? 'red' : 'blue'} variant="light">
                <Text size="sm">
                  {cents !== null && cents < 0 ? 'Addebiti' : 'Accrediti'} <b>{formatCents(Math.abs(cents ?? 0))}</b> a <b>{cornerLabel}</b>.
                </Text>
                <Text size="sm">Motivo: «{description.trim()}»</Text>
              </Alert>
              <Text size="sm" c="dimmed">
                La registrazione non si cancella: un errore si corregge con uno storno.
              </Text>
            </Stack>
          ),
        },
      ]}
    />
  );
};
