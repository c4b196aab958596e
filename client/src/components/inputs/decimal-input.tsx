import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { formatDecimal, parseDecimal } from './parse-decimal';

export type TDecimalInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  value: number | null;
  /** The number read from the text; null while the field is empty or holds no number. */
  onChange: (value: number | null) => void;
  maximumFractionDigits?: number;
};

const INVALID_NUMBER = 'Inserisci un numero valido, per esempio 1.234,56.';

/**
 * A decimal number typed the Italian way (spec section 5): "12,5" and "1.234,56" are read with the comma as the
 * decimal point. The text stays as typed while the field has focus and is rewritten in Italian format on blur.
 */
export const DecimalInput = ({ value, onChange, maximumFractionDigits = 2, error, onBlur, ...rest }: TDecimalInputProps) => {
  const [text, setText] = useState(() => (value === null ? '' : formatDecimal(value, maximumFractionDigits)));
  const [isFocused, setIsFocused] = useState(false);
  const typed = parseDecimal(text);
  // A value set from outside (a form reset) shows up unless the user is typing.
  const shown = !isFocused && typed !== value ? (value === null ? '' : formatDecimal(value, maximumFractionDigits)) : text;
  const isInvalid = !isFocused && text.trim() !== '' && typed === null;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.currentTarget.value);
    onChange(parseDecimal(event.currentTarget.value));
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setIsFocused(false);
    if (typed !== null) {
      // What the field shows is what the form holds: the number rounded to the digits it may have.
      const formatted = formatDecimal(typed, maximumFractionDigits);
      setText(formatted);
      if (parseDecimal(formatted) !== typed) onChange(parseDecimal(formatted));
    }
    onBlur?.(event);
  };

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={isInvalid ? text : shown}
      error={error ?? (isInvalid ? INVALID_NUMBER : undefined)}
      onFocus={(event) => {
        setIsFocused(true);
        rest.onFocus?.(event);
      }}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
};
