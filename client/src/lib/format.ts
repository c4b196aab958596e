// 'always': Italian CLDR leaves 4-digit amounts ungrouped (1234,56 €), which reads poorly in a column of totals.
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const date = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });

// 'always' for the same reason: quantities of four digits read grouped too ("2.700 kWh", not "2700 kWh").
const quantity = new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 3 });

/** A quantity in Italian: 2700 -> "2.700", 3.5 -> "3,5". */
export const formatQuantity = (value: number): string => quantity.format(value);

/** Money travels in integer cents (design.md, Data): 123456 -> "1.234,56 €". */
export const formatCents = (cents: number): string => euro.format(cents / 100);

/** "05/03/2026"; an empty dash for a missing date. */
export const formatDate = (value: Date | string | null | undefined): string => {
  if (value === null || value === undefined) return '—';
  const parsed = value instanceof Date ? value : new Date(value);
  return Number.isNaN(parsed.getTime()) ? '—' : date.format(parsed);
};
