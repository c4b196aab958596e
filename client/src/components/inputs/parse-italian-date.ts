/** Day, month and year separated by "/", "-", "." or blanks: 21/11/2026, 21-11-2026, 21.11.26, 1/2/26. */
const ITALIAN_DATE = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/;

/** Two-digit years fall within 80 years back and 20 ahead: "85" is 1985, "26" is 2026. */
const expandYear = (year: number, referenceYear: number): number => {
  const candidate = 2000 + year;
  return candidate > referenceYear + 20 ? candidate - 100 : candidate;
};

/**
 * Reads a date typed the Italian way, day first (spec section 5: local date strings are day/month/year).
 * Answers a local-midnight Date, or null when the text is no date or names a day that does not exist (31/02).
 */
export const parseItalianDate = (text: string, referenceYear = new Date().getFullYear()): Date | null => {
  const match = ITALIAN_DATE.exec(text.trim());
  if (!match) return null;
  const [, dayText = '', monthText = '', yearText = ''] = match;
  const day = Number(dayText);
  const month = Number(monthText);
  const year = yearText.length === 2 ? expandYear(Number(yearText), referenceYear) : Number(yearText);
  const date = new Date(year, month - 1, day);
  // Years below 100 are shifted to 19xx by the Date constructor: set the full year explicitly.
  date.setFullYear(year);
  const isReal = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return isReal && year >= 1000 ? date : null;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** "YYYY-MM-DD", the string form of a date value in @mantine/dates 8. */
export const toDateString = (date: Date): string =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
