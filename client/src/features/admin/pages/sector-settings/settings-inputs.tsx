import { NumberInput, type NumberInputProps } from '@mantine/core';
import { asNumber, shown } from './settings-draft';

type TSharedProps = Pick<NumberInputProps, 'label' | 'description' | 'error' | 'disabled' | 'required' | 'size'>;

/**
 * An amount in euro kept in integer cents (commissions, buy-out prices): two decimals, Italian separators, never
 * negative. `null` is "no amount written" (an empty field), for the fields where that means something of its own.
 */
export const EuroCentsInput = ({ cents, onChange, ...props }: TSharedProps & { cents: number | null; onChange: (cents: number | null) => void }) => (
  <NumberInput
    {...props}
    prefix="€ "
    decimalScale={2}
    decimalSeparator=","
    thousandSeparator="."
    min={0}
    allowNegative={false}
    clampBehavior="none"
    value={cents === null ? '' : shown(cents / 100)}
    onChange={(value) => onChange(value === '' ? null : Math.round(asNumber(value) * 100))}
  />
);

/** A whole number within bounds (months, days); out-of-range values stay as typed for the schema to refuse on the field. */
export const WholeNumberInput = ({ value, onChange, min, max, ...props }: TSharedProps & { value: number; onChange: (value: number) => void; min: number; max: number }) => (
  <NumberInput {...props} min={min} max={max} allowDecimal={false} allowNegative={false} clampBehavior="none" value={shown(value)} onChange={(next) => onChange(asNumber(next))} />
);
