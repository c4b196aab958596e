import { describe, expect, it } from 'vitest';
import { VEHICLE_TYPES, checkPlate, isItalianPlate, isValidPlate, isValidVin, normalizePlate, plateError, vinError, type TVehicleType } from './plates';

describe('plates by vehicle type', () => {
  it.each<[TVehicleType, string]>([
    ['car', 'AB123CD'],
    ['car', 'ab 123 cd'],
    ['car', 'GH-456-ZZ'],
    ['van', 'FA001XY'],
    ['truck', 'ZZ999ZZ'],
    ['bus', 'EX321TT'],
    ['camper', 'DK555LM'],
    ['motorcycle', 'AB12345'],
    ['motorcycle', 'es 98765'],
    ['moped', 'X2B7KL'],
    ['moped', 'x 22 222'],
    ['trailer', 'XA123BC'],
  ])('accepts %s %s', (type, plate) => {
    expect(isValidPlate(type, plate)).toBe(true);
    expect(plateError(type, plate)).toBeNull();
  });

  it.each<[TVehicleType, string]>([
    ['car', 'AB12345'], // a motorcycle's
    ['car', 'AI123CD'], // I is never used
    ['car', 'AB123CO'], // O is never used
    ['car', 'QB123CD'], // Q is never used
    ['car', 'UB123CD'], // U is never used
    ['car', 'AB123C'],
    ['car', 'AB1234CD'],
    ['car', 'MI123456'], // the old provincial format
    ['truck', 'A1B23CD'],
    ['motorcycle', 'AB123CD'],
    ['motorcycle', 'AB1234'],
    ['moped', 'AB123C'], // six characters, but not an X series
    ['moped', 'X2B7K'],
    ['moped', 'X2B7KLM'],
    ['moped', 'X2B7KO'],
    ['trailer', 'AB123CD'], // a car's: trailers start with X
    ['trailer', 'XI123BC'],
  ])('refuses %s %s', (type, plate) => {
    expect(isValidPlate(type, plate)).toBe(false);
    expect(plateError(type, plate)).toMatch(/^Targa non valida per /);
  });

  it('answers an Italian message naming the format', () => {
    expect(plateError('car', 'AB12345')).toBe('Targa non valida per un’autovettura: formato AA000AA');
    expect(plateError('motorcycle', 'AB123CD')).toBe('Targa non valida per un motociclo: formato AA00000');
    expect(plateError('trailer', 'AB123CD')).toBe('Targa non valida per un rimorchio: formato XA000AA');
    expect(plateError('moped', 'AB123CD')).toContain('un ciclomotore');
    expect(plateError('car', '  ')).toBe('Inserisci la targa.');
  });

  it('normalises case, blanks, dashes and dots', () => {
    expect(normalizePlate(' ab-123.cd ')).toBe('AB123CD');
    expect(checkPlate('car', 'ab 123 cd')).toEqual({ ok: true, plate: 'AB123CD' });
    expect(checkPlate('car', 'AB12345')).toEqual({ ok: false, message: 'Targa non valida per un’autovettura: formato AA000AA' });
  });

  it('has a message for every type and recognises a plate of any type', () => {
    for (const type of VEHICLE_TYPES) expect(plateError(type, '123')).toMatch(/formato/);
    expect(isItalianPlate('AB123CD')).toBe(true);
    expect(isItalianPlate('AB12345')).toBe(true);
    expect(isItalianPlate('X2B7KL')).toBe(true);
    expect(isItalianPlate('12345')).toBe(false);
  });
});

describe('chassis number (VIN)', () => {
  it.each(['ZFA31200000123456', 'wvwzzz1jz3w386752', 'ZFA-312000-00123456'])('accepts %s', (vin) => {
    expect(isValidVin(vin)).toBe(true);
    expect(vinError(vin)).toBeNull();
  });
  it.each([
    ['ZFA3120000012345', '16 characters'],
    ['ZFA312000001234567', '18 characters'],
    ['ZFA3120000O123456', 'letter O'],
    ['ZFA3120000I123456', 'letter I'],
    ['ZFA3120000Q123456', 'letter Q'],
    ['ZFA31200000/23456', 'a symbol'],
  ])('refuses %s (%s)', (vin) => {
    expect(isValidVin(vin)).toBe(false);
    expect(vinError(vin)).toMatch(/^Numero di telaio non valido/);
  });
  it('asks for a missing one', () => expect(vinError('')).toBe('Inserisci il numero di telaio.'));
});
