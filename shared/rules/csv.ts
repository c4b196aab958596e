/**
 * The CSV files the platform writes for people to open in Excel (the utilities' export for the supplier's portal, the
 * report of an outcome import): a byte order mark and semicolons, which Excel in Italian opens in columns, CRLF lines.
 */

/**
 * A cell for Excel: one starting with = + - @ (or a tab or carriage return) would be run as a formula, and the text
 * comes from people and from other firms' files, so it is kept as text behind an apostrophe; quoted when it holds the
 * separator, a quote or a line break.
 */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A table (header first) as the text of a CSV file. */
export const toCsvText = (table: readonly (readonly string[])[]): string => `\uFEFF${table.map((line) => line.map(csvCell).join(';')).join('\r\n')}\r\n`;
