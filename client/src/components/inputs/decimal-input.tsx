import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { formatDecimal, parseDecimal } from './parse-decimal';

export type TDecimalInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  value: number | null;
  /** The number read from the text; null while the field is empty or holds no number. */
  onChange: (value: number | null) => void;
  maximumFractionDigits?: number;
  /** 2 for money: "12,5" is shown as "12,50" once the field is left. */
  minimumFractionDigits?: number;
};

const INVALID_NUMBER = 'Inserisci un numero valido, per esempio 1.234,56.';

/**
 * A decimal number typed the Italian way (spec section 5): "12,5" and "1.234,56" are read with the comma as the
 * decimal point. The text stays as typed while the field has focus and is rewritten in Italian format on blur.
 */
export const DecimalInput = ({ value, onChange, maximumFractionDigits = 2, minimumFractionDigits = 0, error, onBlur, ...rest }: TDecimalInputProps) => {
  const format = (number: number) => formatDecimal(number, maximumFractionDigits, minimumFractionDigits);
  const [text, setText] = useState(() => (value === null ? '' : format(value)));
  const [isFocused, setIsFocused] = useState(false);
  // The message waits while the user types and stays when the field is merely focused again (Tab passes by).
  const [isTyping, setIsTyping] = useState(false);
  const typed = parseDecimal(text);
  // A value set from outside (a form reset) shows up unless the user is typing.
  const shown = !isFocused && typed !== value ? (value === null ? '' : format(value)) : text;
  const isNoNumber = text.trim() !== '' && typed === null;
  const isInvalid = !isFocused && isNoNumber;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.currentTarget.value);
    setIsTyping(true);
    onChange(parseDecimal(event.currentTarget.value));
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setIsFocused(false);
    setIsTyping(false);
    if (typed !== null) {
      // What the field shows is what the form holds: the number rounded to the digits it may have.
      const formatted = format(typed);
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
      error={error ?? (isNoNumber && !isTyping ? INVALID_NUMBER : undefined)}
      onFocus={(event) => {
        setIsFocused(true);
        // After an outside reset the old text must not come back: edit what the field was showing.
        if (!isInvalid && typed !== value) setText(shown);
        rest.onFocus?.(event);
      }}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
};
