import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { FormAlert } from '../../../components/form-alert';
import { describeError, showApiError, type TErrorDisplay } from '../../../lib/api-error-display';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { downloadClientExport, useEraseClient } from '../api/use-client-gdpr';

/**
 * The client's GDPR rights: the data export (a zip with the record, its notes and its documents) and erasure, after
 * a confirmation; a refusal (a practice or payment holds the data) stays shown with the date until which it is kept.
 */
export const ClientGdprActions = ({ clientId, name }: { clientId: string; name: string }) => {
  const navigate = useNavigate();
  const erase = useEraseClient();
  const { confirm, dialog } = useConfirm();
  const [isExporting, setIsExporting] = useState(false);
  const [refusal, setRefusal] = useState<TErrorDisplay | null>(null);

  const exportData = async () => {
    setIsExporting(true);
    try {
      await downloadClientExport(clientId);
      toast('success', 'Esportazione dei dati scaricata.');
    } catch (error) {
      showApiError(error);
    } finally {
      setIsExporting(false);
    }
  };

  const askErase = () =>
    void confirm({
      title: 'Cancellare i dati del cliente?',
      message: (
        <Stack gap="xs">
          <Text size="sm">
            I dati personali di {name || 'questo cliente'} saranno cancellati: anagrafica, contatti, indirizzo, note e documenti. Il cliente uscirà dalla
            rubrica.
          </Text>
          <Text size="sm" fw={600}>
            L&apos;operazione non si può annullare.
          </Text>
          <Text size="sm" c="dimmed">
            Se una pratica o un pagamento obbliga a conservare i dati, la richiesta viene registrata e rifiutata con la data fino alla quale sono conservati.
          </Text>
        </Stack>
      ),
      confirmLabel: 'Cancella dati',
      isDestructive: true,
      action: async () => {
        setRefusal(null);
        try {
          const { message } = await erase.mutateAsync({ id: clientId });
          toast('success', message);
          void navigate(PATHS.clients);
          return true;
        } catch (error) {
          const display = describeError(error);
          setRefusal(display);
          return true;
        }
      },
    });

  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb="xs">
        Dati personali (GDPR)
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Su richiesta del cliente puoi consegnargli una copia dei suoi dati o cancellarli. Entrambe le operazioni sono registrate.
        </Text>
        <FormAlert error={refusal} />
        <Group gap="sm">
          <Button variant="default" loading={isExporting} onClick={() => void exportData()}>
            Esporta dati (GDPR)
          </Button>
          <Button variant="light" color="red" onClick={askErase}>
            Cancella dati (GDPR)
          </Button>
        </Group>
      </Stack>
      {dialog}
    </Paper>
  );
};
