// 'always': Italian CLDR leaves 4-digit amounts ungrouped (1234,56 €), which reads poorly in a column of totals.
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const date = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** Money travels in integer cents (design.md, Data): 123456 -> "1.234,56 €". */
export const formatCents = (cents: number): string => euro.format(cents / 100);

/** "05/03/2026"; an empty dash for a missing date. */
export const formatDate = (value: Date | string | null | undefined): string => {
  if (value === null || value === undefined) return '—';
  const parsed = value instanceof Date ? value : new Date(value);
  return Number.isNaN(parsed.getTime()) ? '—' : date.format(parsed);
};
