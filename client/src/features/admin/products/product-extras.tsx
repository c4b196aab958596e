import { Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TProductCommission, TProductDocument } from '../../../../../shared/schemas/products';
import { EuroCentsInput } from '../pages/sector-settings/settings-inputs';
import { keyFromLabel } from './product-draft';

type TErrorAt = (path: string) => string | undefined;

/** A document code from its name: lower case, digits and «-» (the schema's slug). */
const docKeyFrom = (name: string) =>
  keyFromLabel(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .slice(0, 50);

/** The documents the product's practices need: code, name, required; add and remove. */
export const ProductDocsEditor = ({ docs, onChange, errorAt, disabled }: { docs: TProductDocument[]; onChange: (docs: TProductDocument[]) => void; errorAt: TErrorAt; disabled: boolean }) => {
  const edit = (index: number, change: Partial<TProductDocument>) => onChange(docs.map((doc, at) => (at === index ? { ...doc, ...change } : doc)));
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} fz={16}>
          Documenti richiesti
        </Title>
        <Text size="sm" c="dimmed">
          Il corner li carica sulla pratica; quelli obbligatori gli vengono segnalati finché mancano.
        </Text>
      </div>
      {docs.length === 0 && (
        <Text size="sm" c="dimmed">
          Nessun documento richiesto.
        </Text>
      )}
      {docs.map((doc, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Nome del documento"
            value={doc.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              const isDerived = doc.key === '' || doc.key === docKeyFrom(doc.name);
              edit(index, { name, key: isDerived ? docKeyFrom(name) : doc.key });
            }}
            error={errorAt(`content.documents.${index}.name`)}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
            required
          />
          <TextInput
            label="Codice"
            value={doc.key}
            onChange={(event) => edit(index, { key: event.currentTarget.value })}
            error={errorAt(`content.documents.${index}.key`)}
            disabled={disabled}
            w={{ base: '100%', xs: 200 }}
            required
          />
          <Checkbox label="Obbligatorio" checked={doc.required} onChange={(event) => edit(index, { required: event.currentTarget.checked })} disabled={disabled} mt={{ base: 0, xs: 32 }} />
          <Button variant="subtle" color="red" mt={{ base: 0, xs: 24 }} onClick={() => onChange(docs.filter((_, at) => at !== index))} disabled={disabled} aria-label={`Rimuovi ${doc.name || 'documento'}`}>
            Rimuovi
          </Button>
        </Group>
      ))}
      {errorAt('content.documents') && (
        <Text size="sm" c="red">
          {errorAt('content.documents')}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => onChange([...docs, { key: '', name: '', required: true }])} disabled={disabled || docs.length >= 30}>
          Aggiungi documento
        </Button>
      </Group>
    </Stack>
  );
};

/** The corner's commission on an issued practice: a percent of the premium or a fixed amount (cents). */
export const ProductCommissionEditor = ({ commission, onChange, errorAt, disabled }: { commission: TProductCommission; onChange: (commission: TProductCommission) => void; errorAt: TErrorAt; disabled: boolean }) => (
  <Stack gap="xs">
    <Title order={3} fz={16}>
      Provvigione del corner
    </Title>
    <SegmentedControl
      data={[
        { value: 'percent', label: 'Percentuale del premio' },
        { value: 'fixed', label: 'Importo fisso' },
      ]}
      value={commission.kind}
      onChange={(kind) => onChange(kind === 'fixed' ? { kind: 'fixed', cents: 0 } : { kind: 'percent', percent: 10 })}
      disabled={disabled}
      w="fit-content"
      aria-label="Tipo di provvigione"
    />
    {commission.kind === 'percent' ? (
      <NumberInput
        label="Percentuale del premio"
        suffix=" %"
        decimalSeparator=","
        decimalScale={2}
        min={0}
        max={100}
        clampBehavior="none"
        value={Number.isNaN(commission.percent) ? '' : commission.percent}
        onChange={(value) => onChange({ kind: 'percent', percent: value === '' ? Number.NaN : Number(value) })}
        error={errorAt('content.commission.percent') ?? errorAt('content.commission')}
        disabled={disabled}
        maw={240}
      />
    ) : (
      <EuroCentsInput
        label="Importo per pratica emessa"
        cents={Number.isNaN(commission.cents) ? null : commission.cents}
        onChange={(cents) => onChange({ kind: 'fixed', cents: cents ?? Number.NaN })}
        error={errorAt('content.commission.cents') ?? errorAt('content.commission')}
        disabled={disabled}
      />
    )}
  </Stack>
);
