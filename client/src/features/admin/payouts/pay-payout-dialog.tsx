import { Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { todayInItaly } from '../../../../../shared/rules/italian-day';
import { PAYOUT_METHODS, type TAdminPayout } from '../../../../../shared/schemas/payouts';
import { Dialog } from '../../../components/dialog/dialog';
import { FormAlert } from '../../../components/form-alert';
import { DateField } from '../../../components/inputs/date-field';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatCents } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useTRPC } from '../../../lib/trpc';

type TFields = { giftcardCode?: string; transferDate?: string; reference?: string };

/** The server's per-field messages (`payment.giftcardCode`, `payment.reference`...) by the dialog's field names. */
const fieldsOf = (caught: unknown): TFields | null => {
  const error = fromTrpcError(caught);
  if (!(error instanceof ApiError) || !error.hasFields) return null;
  const fields: TFields = {};
  for (const [path, messages] of Object.entries(error.fields)) {
    const key = path.split('.').at(-1);
    if (key === 'giftcardCode' || key === 'transferDate' || key === 'reference') fields[key] = messages.join('\n');
  }
  return Object.keys(fields).length > 0 ? fields : null;
};

/** «Paga»: a gift card is paid with its code, a receipt or an invoice with the transfer's date and reference. */
export const PayPayoutDialog = ({ payout, onClose }: { payout: TAdminPayout | null; onClose: () => void }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pay = useMutation(trpc.payouts.admin.pay.mutationOptions());
  const [giftcardCode, setGiftcardCode] = useState('');
  const [transferDate, setTransferDate] = useState<string | null>(todayInItaly());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<TFields>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const isGiftcard = payout?.method === 'giftcard';

  const confirm = async () => {
    if (!payout) return false;
    setFailure(null);
    setErrors({});
    try {
      const payment = isGiftcard ? { giftcardCode } : { transferDate: transferDate ?? '', reference };
      const answer = await pay.mutateAsync({ id: payout.id, payment });
      await queryClient.invalidateQueries(trpc.payouts.pathFilter());
      toast('success', answer.message);
      return true;
    } catch (error) {
      const fields = fieldsOf(error);
      if (fields) setErrors(fields);
      else setFailure(describeError(fromTrpcError(error)));
      return false;
    }
  };

  return (
    <Dialog
      opened={payout !== null}
      onClose={onClose}
      onExited={() => {
        setGiftcardCode('');
        setTransferDate(todayInItaly());
        setReference('');
        setErrors({});
        setFailure(null);
      }}
      title="Paga il corner"
      onConfirm={confirm}
      labels={{ confirm: 'Registra il pagamento' }}
    >
      <Stack gap="sm">
        <FormAlert error={failure} />
        {payout && (
          <Text size="sm">
            {payout.cornerName}: {PAYOUT_METHODS[payout.method]}
            {payout.number ? ` n. ${payout.number}` : ''}, netto da pagare <b>{formatCents(payout.netCents)}</b>
            {payout.giftcardName ? ` (gift card ${payout.giftcardName})` : ''}.
          </Text>
        )}
        {isGiftcard ? (
          <TextInput label="Codice della gift card" value={giftcardCode} onChange={(event) => setGiftcardCode(event.currentTarget.value)} error={errors.giftcardCode} withAsterisk data-autofocus />
        ) : (
          <>
            <DateField label="Data del bonifico" value={transferDate} onChange={setTransferDate} maxDate={todayInItaly()} error={errors.transferDate} withAsterisk />
            <TextInput label="Riferimento (CRO/TRN)" value={reference} onChange={(event) => setReference(event.currentTarget.value)} error={errors.reference} withAsterisk data-autofocus />
          </>
        )}
      </Stack>
    </Dialog>
  );
};
