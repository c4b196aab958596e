/**
 * Italian partita IVA: 11 digits, the last a Luhn-style check digit (DM 23/12/1976), the office code
 * (digits 8-10) between 001 and 100 or one of 120, 121, 888, 999.
 */
export const isValidPartitaIva = (value: string): boolean => {
  if (!/^\d{11}$/.test(value) || /^0{7}/.test(value)) return false;
  const office = Number(value.slice(7, 10));
  if (!((office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office))) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
};
