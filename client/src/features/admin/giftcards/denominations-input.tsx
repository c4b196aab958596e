import { TagsInput } from '@mantine/core';
import { formatDecimal, parseDecimal } from '../../../components/inputs/parse-decimal';

type TDenominationsInputProps = { value: number[]; onChange: (cents: number[]) => void; error?: string };

/** Tags of euro amounts typed the Italian way ("25", "12,50"), held as cents; an amount that is not a number is dropped. */
export const DenominationsInput = ({ value, onChange, error }: TDenominationsInputProps) => (
  <TagsInput
    label="Tagli disponibili (€)"
    description="Scrivi un importo e premi Invio: es. 25, 50, 100."
    placeholder="Es. 25"
    data={['10', '25', '50', '100']}
    value={value.map((cents) => formatDecimal(cents / 100, 2))}
    onChange={(tags) => {
      const cents = tags.map((tag) => parseDecimal(tag.replace('€', ''))).flatMap((euro) => (euro === null ? [] : [Math.round(euro * 100)]));
      onChange([...new Set(cents)].sort((a, b) => a - b));
    }}
    error={error}
    required
    clearable
  />
);
