import { Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TRcaBot, TRcaBots } from '../../../../../../shared/schemas/general-settings';
import { asNumber, shown } from '../sector-settings/settings-draft';

type TRcaBotsEditorProps = {
  bots: TRcaBots;
  onChange: (bots: TRcaBots) => void;
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** The automated RC Auto quote sources (`rcaBots`): code, name, address, order, wait; on or off. */
export const RcaBotsEditor = ({ bots, onChange, errorAt, disabled }: TRcaBotsEditorProps) => {
  const editBot = (index: number, change: Partial<TRcaBot>) => onChange(bots.map((bot, at) => (at === index ? { ...bot, ...change } : bot)));
  const listError = errorAt('');
  return (
    <Stack gap="xs">
      <Title order={3} fz={16}>
        Fonti automatiche di preventivo RC Auto
      </Title>
      <Text size="sm" c="dimmed">
        Servizi (comparatori o servizi web delle compagnie) interrogati in ordine di priorità per proporre premi prima del preventivo del broker.
      </Text>
      {bots.map((bot, index) => (
        <Paper key={index} withBorder radius="md" p="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Codice" value={bot.key} onChange={(event) => editBot(index, { key: event.currentTarget.value })} error={errorAt(`${index}.key`)} disabled={disabled} required />
            <TextInput label="Nome" value={bot.name} onChange={(event) => editBot(index, { name: event.currentTarget.value })} error={errorAt(`${index}.name`)} disabled={disabled} required />
            <TextInput
              label="Indirizzo del servizio (https)"
              value={bot.endpoint}
              onChange={(event) => editBot(index, { endpoint: event.currentTarget.value })}
              error={errorAt(`${index}.endpoint`)}
              disabled={disabled}
              required
            />
            <NumberInput label="Priorità (1 = prima)" min={1} max={100} allowDecimal={false} allowNegative={false} clampBehavior="none" value={shown(bot.priority)} onChange={(value) => editBot(index, { priority: asNumber(value) })} error={errorAt(`${index}.priority`)} disabled={disabled} />
            <NumberInput label="Attesa massima (secondi)" min={1} max={120} allowDecimal={false} allowNegative={false} clampBehavior="none" value={shown(bot.timeoutSeconds)} onChange={(value) => editBot(index, { timeoutSeconds: asNumber(value) })} error={errorAt(`${index}.timeoutSeconds`)} disabled={disabled} />
            <Group gap="sm" mt={{ base: 0, sm: 28 }}>
              <Checkbox label="Attiva" checked={bot.enabled} onChange={(event) => editBot(index, { enabled: event.currentTarget.checked })} disabled={disabled} />
              <Button variant="subtle" color="red" size="xs" onClick={() => onChange(bots.filter((_, at) => at !== index))} disabled={disabled} aria-label={`Rimuovi ${bot.name || 'fonte'}`}>
                Rimuovi
              </Button>
            </Group>
          </SimpleGrid>
        </Paper>
      ))}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => onChange([...bots, { key: '', name: '', enabled: false, endpoint: '', priority: bots.length + 1, timeoutSeconds: 30 }])} disabled={disabled}>
          Aggiungi fonte
        </Button>
      </Group>
    </Stack>
  );
};
