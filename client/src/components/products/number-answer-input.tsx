import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { parseDecimal } from '../inputs/parse-decimal';
import { formatNumberAnswer } from './questionnaire-values';

const INVALID_NUMBER = 'Inserisci un numero valido, per esempio 1234 o 12,5.';

type TNumberAnswerInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  value: number | null;
  /** The number read from the text; null while the field is empty or holds no number. */
  onChange: (value: number | null) => void;
};

/**
 * The text stays as typed while the field has focus and is rewritten on blur (as `DecimalInput` does); a text that
 * is no number stays on screen with a message once the user stops typing, and the value is null meanwhile.
 */
export const NumberAnswerInput = ({ value, onChange, error, onBlur, onFocus, ...rest }: TNumberAnswerInputProps) => {
  const [text, setText] = useState(() => (value === null ? '' : formatNumberAnswer(value)));
  const [isFocused, setIsFocused] = useState(false);
  const [isTyping, setIsTyping] = useState(false);
  const typed = parseDecimal(text);
  // A value set from outside (a reset) shows up unless the user is typing.
  const shown = !isFocused && typed !== value ? (value === null ? '' : formatNumberAnswer(value)) : text;
  const isNoNumber = text.trim() !== '' && typed === null;
  const isInvalid = !isFocused && isNoNumber;

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={isInvalid ? text : shown}
      error={error ?? (isNoNumber && !isTyping ? INVALID_NUMBER : undefined)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setIsFocused(true);
        if (!isInvalid && typed !== value) setText(shown);
        onFocus?.(event);
      }}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        setText(event.currentTarget.value);
        setIsTyping(true);
        onChange(parseDecimal(event.currentTarget.value));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setIsFocused(false);
        setIsTyping(false);
        if (typed !== null) {
          // What the field shows is what the form holds: the number rounded to the digits it shows.
          const formatted = formatNumberAnswer(typed);
          setText(formatted);
          if (parseDecimal(formatted) !== typed) onChange(parseDecimal(formatted));
        }
        onBlur?.(event);
      }}
    />
  );
};
