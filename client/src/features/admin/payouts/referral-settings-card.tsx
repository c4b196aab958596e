import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { REFERRAL_DEFAULTS, ZReferralSettings, type TReferralSettings } from '../../../../../shared/schemas/referrals';
import { FormAlert } from '../../../components/form-alert';
import { QueryError } from '../../../components/query-error';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

/** The rules of the referral share: what percent of a referral's commissions, for how many months from its registration. */
export const ReferralSettingsCard = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.referrals.admin.settings.queryOptions());
  const save = useMutation(trpc.referrals.admin.saveSettings.mutationOptions());
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TReferralSettings>({ mode: 'uncontrolled', initialValues: { ...REFERRAL_DEFAULTS }, validate: zod4Resolver(ZReferralSettings, { errorPriority: 'first' }) });
  const stored = settings.data;
  useEffect(() => {
    if (stored) {
      form.setInitialValues(stored);
      form.setValues(stored);
    }
  }, [stored]);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync(values);
      await queryClient.invalidateQueries(trpc.referrals.pathFilter());
      toast('success', answer.message);
    } catch (error) {
      setFailure(applyServerError(form, error));
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="referral-settings-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} fz="lg" id="referral-settings-title">
              Regole delle segnalazioni
            </Title>
            <Text size="sm" c="dimmed">
              Chi porta un nuovo corner guadagna questa quota delle sue provvigioni per i mesi indicati, dalla registrazione.
            </Text>
          </div>
          {settings.isError && <QueryError title="Impossibile caricare le regole" error={settings.error} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />}
          <FormAlert error={failure} />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NumberInput label="Quota (%)" min={0} max={50} decimalScale={2} decimalSeparator="," w={140} key={form.key('percent')} {...form.getInputProps('percent')} />
            <NumberInput label="Durata (mesi)" min={1} max={60} allowDecimal={false} w={140} key={form.key('months')} {...form.getInputProps('months')} />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={settings.isPending}>
              Salva le regole
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
