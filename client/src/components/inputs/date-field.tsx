import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { DateInput, DatesProvider, type CalendarAriaLabels, type DateInputProps, type DatesProviderSettings } from '@mantine/dates';
import { useState, type FocusEvent, type InputEvent } from 'react';
import { Icon } from '../icons';
import { parseItalianDate, toDateString } from './parse-italian-date';

/**
 * Italian calendar (spec sections 2 and 9): Italian month and day names, weeks from Monday, always six weeks
 * (42 days) so the grid does not jump between months; the decade level lists 10 years.
 */
const ITALIAN_DATES: Partial<DatesProviderSettings> = { locale: 'it', firstDayOfWeek: 1, consistentWeeks: true };

/** Without them the arrows and the heading of the calendar are nameless buttons to a screen reader. */
const ARIA_LABELS: CalendarAriaLabels = {
  monthLevelControl: 'Scegli il mese',
  yearLevelControl: "Scegli l'anno",
  nextMonth: 'Mese successivo',
  previousMonth: 'Mese precedente',
  nextYear: 'Anno successivo',
  previousYear: 'Anno precedente',
  nextDecade: 'Decennio successivo',
  previousDecade: 'Decennio precedente',
};

/** Short: it sits under a field as narrow as a date. */
const INVALID_DATE = 'Data non valida: usa gg/mm/aaaa.';

const readTypedDate = (text: string): string | null => {
  const date = parseItalianDate(text);
  return date ? toDateString(date) : null;
};

/** dayjs writes Italian month and day names in lower case; a calendar heading starts with a capital. */
const CAPITALISED = { calendarHeaderLevel: { textTransform: 'capitalize' }, weekday: { textTransform: 'capitalize' } } as const;

export type TDateFieldProps = Omit<DateInputProps, 'dateParser' | 'valueFormat' | 'value' | 'defaultValue' | 'onChange'> & {
  /** "YYYY-MM-DD" or null, as everywhere in @mantine/dates 8. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A date input: type it day first (21/11/2026, 21-11-2026, 21.11.26) or pick it. What the field shows is what it
 * holds: a text that is no date empties the value (an intermediate "05/03/20" must not stay as 2020) and stays on
 * screen with a message, so it can be corrected; emptying the text empties the value.
 *
 * The typed text lives inside DateInput: a parent that resets the value while a refused text is showing should
 * also remount the field (a new `key`).
 */
export const DateField = ({ value, onChange, onInput, onBlur, error, ...props }: TDateFieldProps) => {
  const [text, setText] = useState('');
  // The message waits while the user types and stays when the field is merely focused again (Tab passes by).
  const [isTyping, setIsTyping] = useState(false);
  // A picked day or an outside value supersedes what was typed before it.
  const isRefused = value === null && text.trim() !== '' && readTypedDate(text) === null;

  // onInput runs before DateInput's own onChange, which sets the value only when the text is a date.
  const handleInput = (event: InputEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    setText(typed);
    setIsTyping(true);
    if (value !== null && (typed.trim() === '' || readTypedDate(typed) === null)) onChange(null);
    onInput?.(event);
  };

  return (
    <DatesProvider settings={ITALIAN_DATES}>
      <DateInput
        size="md"
        valueFormat="DD/MM/YYYY"
        dateParser={readTypedDate}
        placeholder="gg/mm/aaaa"
        inputMode="numeric"
        styles={CAPITALISED}
        ariaLabels={ARIA_LABELS}
        clearButtonProps={{ 'aria-label': 'Cancella la data' }}
        leftSection={<Icon name="calendar" size={16} />}
        leftSectionPointerEvents="none"
        popoverProps={{ withinPortal: true, shadow: 'md' }}
        {...props}
        value={value}
        onChange={onChange}
        // A valid text is rewritten as dd/mm/yyyy on blur; a refused one is left for the user to correct.
        fixOnBlur={!isRefused}
        error={error ?? (isRefused && !isTyping ? INVALID_DATE : undefined)}
        onInput={handleInput}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          setIsTyping(false);
          onBlur?.(event);
        }}
      />
    </DatesProvider>
  );
};
