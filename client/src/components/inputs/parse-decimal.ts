/** Digits grouped by thousands: "1.234.567" or "1 234 567" ("0.125" is no grouping: a number has no leading 0). */
const GROUPED = /^[1-9]\d{0,2}([. ]\d{3})+$/;

/**
 * Reads a decimal number typed the Italian way (spec section 5: a comma is the decimal separator and becomes a
 * dot). Dots and blanks that group thousands are dropped: "1.234,56" is 1234.56, "1.234" is 1234. Any other single
 * dot is a decimal point, as in a number pasted from elsewhere: "12.5", "0.125". Answers null for anything else.
 */
export const parseDecimal = (text: string): number | null => {
  const compact = text.trim().replace(/\u00a0|\u202f/g, ' ');
  const signMatch = /^([+-]?)\s*(.*)$/.exec(compact);
  const sign = signMatch?.[1] === '-' ? -1 : 1;
  const body = signMatch?.[2] ?? '';
  if (!body) return null;
  const commaParts = body.split(',');
  if (commaParts.length > 2) return null;
  const [integerText = '', fraction] = commaParts;
  if (fraction !== undefined && !/^\d*$/.test(fraction)) return null;
  let integerDigits: string;
  let fractionDigits = fraction ?? '';
  if (/^\d*$/.test(integerText)) integerDigits = integerText;
  else if (GROUPED.test(integerText)) integerDigits = integerText.replace(/[. ]/g, '');
  else if (fraction === undefined && /^\d*\.\d+$/.test(integerText)) {
    [integerDigits = '', fractionDigits = ''] = integerText.split('.');
  } else return null;
  if (!integerDigits && !fractionDigits) return null;
  const value = Number(`${integerDigits || '0'}.${fractionDigits || '0'}`);
  return Number.isFinite(value) ? sign * value + 0 : null;
};

/** Formats a number for Italian readers: "1.234,56"; money wants minimumFractionDigits 2 ("12,50"). */
export const formatDecimal = (value: number, maximumFractionDigits = 2, minimumFractionDigits = 0): string =>
  new Intl.NumberFormat('it-IT', { minimumFractionDigits, maximumFractionDigits, useGrouping: 'always' }).format(value);
