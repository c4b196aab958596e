import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { DateInput, DatesProvider, type DateInputProps, type DatesProviderSettings } from '@mantine/dates';
import { parseItalianDate, toDateString } from './parse-italian-date';

/**
 * Italian calendar (spec sections 2 and 9): Italian month and day names, weeks from Monday, always six weeks
 * (42 days) so the grid does not jump between months; the decade level lists 10 years.
 */
const ITALIAN_DATES: Partial<DatesProviderSettings> = { locale: 'it', firstDayOfWeek: 1, consistentWeeks: true };

const readTypedDate = (text: string): string | null => {
  const date = parseItalianDate(text);
  return date ? toDateString(date) : null;
};

/** dayjs writes Italian month and day names in lower case; a calendar heading starts with a capital. */
const CAPITALISED = { calendarHeaderLevel: { textTransform: 'capitalize' }, weekday: { textTransform: 'capitalize' } } as const;

export type TDateFieldProps = Omit<DateInputProps, 'dateParser' | 'valueFormat'>;

/**
 * A date input: type it day first (21/11/2026, 21-11-2026, 21.11.26) or pick it. Its value is a "YYYY-MM-DD"
 * string or null, as everywhere in @mantine/dates 8.
 */
export const DateField = (props: TDateFieldProps) => (
  <DatesProvider settings={ITALIAN_DATES}>
    <DateInput
      size="md"
      valueFormat="DD/MM/YYYY"
      dateParser={readTypedDate}
      placeholder="gg/mm/aaaa"
      inputMode="numeric"
      styles={CAPITALISED}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  </DatesProvider>
);
