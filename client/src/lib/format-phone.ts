import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone (E.164, `+393331234567`) as people read it: `+39 333 123 4567`; anything that is not a valid
 * number comes back as it is.
 */
export const formatPhone = (value: string | null | undefined): string => {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value, 'IT');
  return parsed?.isValid() ? parsed.formatInternational() : value;
};
