import { Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TProductCommission, TProductDocument } from '../../../../../shared/schemas/products';
import { DocListEditor } from '../../../components/doc-list-editor';
import { EuroCentsInput } from '../pages/sector-settings/settings-inputs';
import { keyFromLabel } from './product-draft';

type TErrorAt = (path: string) => string | undefined;

/** A document code from its name: lower case, digits and «-» (the schema's slug). */
const docKeyFrom = (name: string) =>
  keyFromLabel(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .slice(0, 50);

/** The documents the product's practices need: name (the code follows it), code, required; add and remove. */
export const ProductDocsEditor = ({ docs, onChange, errorAt, disabled }: { docs: TProductDocument[]; onChange: (docs: TProductDocument[]) => void; errorAt: TErrorAt; disabled: boolean }) => (
  <DocListEditor
    title="Documenti richiesti"
    description="Il corner li carica sulla pratica; quelli obbligatori gli vengono segnalati finché mancano."
    emptyText="Nessun documento richiesto."
    docs={docs}
    onChange={onChange}
    fields={{ code: 'key', name: 'name' }}
    errorAt={(path) => errorAt(path === '' ? 'content.documents' : `content.documents.${path}`)}
    disabled={disabled}
    newDoc={() => ({ key: '', name: '', required: true })}
    max={30}
    deriveCode={docKeyFrom}
  />
);

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
