import { Button, Group, Text } from '@mantine/core';
import { DecimalInput } from '../../../components/inputs/decimal-input';
import { isReversedAmountRange, type TAmountFilter } from '../payment-filters';

const NEGATIVE = "L'importo non può essere negativo.";

/** On a phone each field takes the whole width, one under the other. */
const FIELD_WIDTH = { base: '100%', xs: 170 };

const Euro = () => (
  <Text size="sm" c="dimmed" aria-hidden>
    €
  </Text>
);

type TPaymentsAmountFilterProps = {
  filter: TAmountFilter;
  onChange: (filter: TAmountFilter) => void;
  onReset: () => void;
  /** Changes on every reset, so the fields drop a refused text along with their value. */
  resetCount: number;
};

/** Amounts in euros, typed the Italian way ("1.234,56") or with a dot ("1234.56"); both ends included. */
export const PaymentsAmountFilter = ({ filter, onChange, onReset, resetCount }: TPaymentsAmountFilterProps) => (
  <Group gap="sm" align="flex-start" wrap="wrap">
    <DecimalInput
      key={`from-${resetCount}`}
      label="Importo da"
      placeholder="0,00"
      minimumFractionDigits={2}
      leftSection={<Euro />}
      value={filter.fromEuro}
      onChange={(fromEuro) => onChange({ ...filter, fromEuro })}
      error={filter.fromEuro !== null && filter.fromEuro < 0 ? NEGATIVE : undefined}
      size="sm"
      w={FIELD_WIDTH}
    />
    <DecimalInput
      key={`to-${resetCount}`}
      label="Importo a"
      placeholder="0,00"
      minimumFractionDigits={2}
      leftSection={<Euro />}
      value={filter.toEuro}
      onChange={(toEuro) => onChange({ ...filter, toEuro })}
      error={filter.toEuro !== null && filter.toEuro < 0 ? NEGATIVE : isReversedAmountRange(filter) ? 'Deve essere almeno «Importo da».' : undefined}
      size="sm"
      w={FIELD_WIDTH}
    />
    {/* Enabled even with no filter on: it also clears an amount the fields refused. */}
    <Button variant="default" size="sm" onClick={onReset} mt={{ base: 0, xs: 25 }} w={{ base: '100%', xs: 'auto' }}>
      Azzera filtri
    </Button>
  </Group>
);
