import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  AUDIT_RETENTION_MONTHS_MAX,
  AUDIT_RETENTION_MONTHS_MIN,
  AUDIT_RETENTION_SETTING_KEY,
  zAuditRetentionMonths,
} from '../../../../../shared/schemas/audit';
import { FormAlert } from '../../../components/form-alert';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

const storedMonths = (settings: Record<string, unknown> | undefined): number => {
  const checked = zAuditRetentionMonths().safeParse(settings?.[AUDIT_RETENTION_SETTING_KEY]);
  return checked.success ? checked.data : AUDIT_RETENTION_MONTHS_MIN;
};

/** How many months the audit log is kept (at least six); a daily job deletes what is older. */
export const AuditRetentionCard = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.settings.admin.queryOptions({ key: AUDIT_RETENTION_SETTING_KEY }));
  const update = useMutation(trpc.settings.update.mutationOptions());
  const [edit, setEdit] = useState<number | string | null>(null);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const saved = storedMonths(settings.data);
  const draft = edit ?? saved;
  const checked = zAuditRetentionMonths().safeParse(draft === '' ? undefined : draft);
  const error = checked.success ? undefined : checked.error.issues[0]?.message;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checked.success || checked.data === saved) return;
    setFailure(null);
    try {
      await update.mutateAsync({ key: AUDIT_RETENTION_SETTING_KEY, value: checked.data });
      await queryClient.invalidateQueries(trpc.settings.admin.pathFilter());
      setEdit(null);
      toast('success', 'Impostazioni salvate');
    } catch (caught) {
      setFailure(describeError(caught));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="audit-retention-title">
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="sm">
          <Title order={2} fz={18} id="audit-retention-title">
            Conservazione del registro
          </Title>
          <Text size="sm" c="dimmed">
            Ogni notte le voci più vecchie del periodo indicato vengono eliminate. Il registro si conserva per almeno {AUDIT_RETENTION_MONTHS_MIN} mesi.
          </Text>
          <FormAlert error={failure} />
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="Mesi di conservazione"
              name={AUDIT_RETENTION_SETTING_KEY}
              value={draft}
              onChange={setEdit}
              min={AUDIT_RETENTION_MONTHS_MIN}
              max={AUDIT_RETENTION_MONTHS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={error}
              disabled={settings.isPending || update.isPending}
              size="md"
              w={220}
            />
            <Button type="submit" loading={update.isPending} disabled={!checked.success || checked.data === saved}>
              Salva
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
