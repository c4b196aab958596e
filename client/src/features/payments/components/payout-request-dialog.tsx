import { Alert, Anchor, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAYOUT_METHODS, PAYOUT_MIN_CENTS, PAYOUT_MSG, type TPayoutMethod, type TPayoutsOverview } from '../../../../../shared/schemas/payouts';
import { Dialog } from '../../../components/dialog/dialog';
import { FormAlert } from '../../../components/form-alert';
import { DecimalInput } from '../../../components/inputs/decimal-input';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { formatCents } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { euroToCents, previewPayout } from '../payout-preview';
import { BillingFields, useBillingForm } from './billing-fields';

type TProps = { opened: boolean; onClose: () => void; overview: TPayoutsOverview; usesEmployees: boolean };

const Preview = ({ cents, method, overview, usesEmployees }: { cents: number; method: TPayoutMethod; overview: TPayoutsOverview; usesEmployees: boolean }) => {
  const preview = previewPayout({ grossCents: cents, method, yearTotalCents: overview.yearTotalCents, year: overview.year, usesEmployees });
  const rows: [string, number][] = [['Importo lordo', preview.grossCents]];
  if (method !== 'giftcard') rows.push(['Ritenuta d’acconto', -preview.withholdingCents]);
  if (preview.isStampDeducted && preview.stampCents > 0) rows.push(['Marca da bollo', -preview.stampCents]);
  return (
    <Stack gap="xs">
      <Table withRowBorders={false} verticalSpacing={2} aria-label="Anteprima del pagamento">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCents(value)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>Netto che ricevi</Table.Td>
            <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCents(preview.netCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {preview.notes.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
      {preview.warning && (
        <Alert color="yellow" variant="light" title="Soglia annua dei compensi occasionali" role="alert">
          {preview.warning}
        </Alert>
      )}
    </Stack>
  );
};

/**
 * «Chiedi un pagamento»: how much of the available balance and how, with the taxes previewed by the rules the
 * documents use, the gift card chosen, and the billing data (asked when missing, editable otherwise).
 */
export const PayoutRequestDialog = ({ opened, onClose, overview, usesEmployees }: TProps) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [euros, setEuros] = useState<number | null>(overview.availableCents / 100);
  const [method, setMethod] = useState<TPayoutMethod>(overview.methods[0] ?? 'giftcard');
  const [isEditingBilling, setIsEditingBilling] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ amount?: string; method?: string }>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const billing = useBillingForm(overview.profile);
  const saveProfile = useMutation(trpc.payouts.saveProfile.mutationOptions());
  const request = useMutation(trpc.payouts.request.mutationOptions());
  const cents = euroToCents(euros);
  const needsBilling = method !== 'giftcard';
  const showsBilling = needsBilling && (overview.profile === null || isEditingBilling);

  // The request's own fields are not a Mantine form: the server's `amountCents` and `method` land under their inputs.
  const requestFields = {
    getValues: () => ({ amountCents: cents, method }),
    setErrors: (errors: Record<string, string>) => setFieldErrors({ amount: errors.amountCents, method: errors.method }),
  };

  const confirm = async () => {
    setFailure(null);
    setFieldErrors({});
    if (cents === null || cents < PAYOUT_MIN_CENTS) {
      setFieldErrors({ amount: PAYOUT_MSG.amountInvalid });
      return false;
    }
    if (cents > overview.availableCents) {
      setFieldErrors({ amount: PAYOUT_MSG.exceedsAvailable(formatCents(overview.availableCents)) });
      return false;
    }
    if (showsBilling) {
      if (billing.validate().hasErrors) return false;
      try {
        await saveProfile.mutateAsync(billing.getValues());
      } catch (error) {
        setFailure(applyServerError(billing, error));
        return false;
      }
    }
    try {
      const answer = await request.mutateAsync({ amountCents: cents, method });
      await queryClient.invalidateQueries(trpc.payouts.pathFilter());
      await queryClient.invalidateQueries(trpc.ledger.pathFilter());
      toast('success', answer.message);
      if (answer.warning) toast('warn', answer.warning, { autoClose: false });
      return true;
    } catch (error) {
      await queryClient.invalidateQueries(trpc.payouts.overview.queryFilter());
      setFailure(applyServerError(requestFields, error));
      return false;
    }
  };

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      onExited={() => {
        setFailure(null);
        setFieldErrors({});
        setIsEditingBilling(false);
        setEuros(overview.availableCents / 100);
        billing.setValues(overview.profile ?? billing.getInitialValues());
      }}
      title="Chiedi un pagamento"
      onConfirm={confirm}
      labels={{ confirm: 'Chiedi il pagamento' }}
      size="lg"
    >
      <Stack gap="md">
        <FormAlert error={failure} />
        <DecimalInput
          label="Importo (€)"
          description={`Disponibile: ${formatCents(overview.availableCents)} (almeno ${formatCents(PAYOUT_MIN_CENTS)})`}
          value={euros}
          onChange={setEuros}
          minimumFractionDigits={2}
          error={fieldErrors.amount}
          withAsterisk
          data-autofocus
        />
        <Radio.Group label="Come vuoi essere pagato" value={method} onChange={(value) => setMethod(value as TPayoutMethod)} error={fieldErrors.method} withAsterisk>
          <Group gap="lg" mt={4}>
            {overview.methods.map((item) => (
              <Radio key={item} value={item} label={PAYOUT_METHODS[item]} />
            ))}
          </Group>
        </Radio.Group>
        {method === 'giftcard' &&
          (overview.giftcardName ? (
            <Text size="sm">
              Ricevi la gift card <b>{overview.giftcardName}</b>.{' '}
              <Anchor component={Link} to={PATHS.myGiftcard} size="sm">
                Cambiala
              </Anchor>
            </Text>
          ) : (
            <Alert color="yellow" variant="light" role="alert">
              Non hai ancora scelto la gift card.{' '}
              <Anchor component={Link} to={PATHS.myGiftcard} inherit>
                Scegli la tua gift card
              </Anchor>
            </Alert>
          ))}
        {cents !== null && cents > 0 && <Preview cents={cents} method={method} overview={overview} usesEmployees={usesEmployees} />}
        {needsBilling && (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>Dati per {method === 'invoice' ? 'la fattura' : 'la ricevuta'}</Text>
              {overview.profile && !isEditingBilling && (
                <Button size="compact-sm" variant="subtle" onClick={() => setIsEditingBilling(true)}>
                  Modifica
                </Button>
              )}
            </Group>
            {showsBilling ? (
              <BillingFields form={billing} />
            ) : (
              overview.profile && (
                <Text size="sm" c="dimmed">
                  {overview.profile.address}, {overview.profile.postalCode} {overview.profile.city} ({overview.profile.province}) · IBAN {overview.profile.iban}
                </Text>
              )
            )}
          </Stack>
        )}
      </Stack>
    </Dialog>
  );
};
