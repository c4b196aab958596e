/**
 * Italian number plates by vehicle type, and the chassis number (VIN) of a vehicle without a plate (RC Auto
 * request, issue 15). Plates are compared normalised: upper case, without blanks, dashes or dots.
 *
 * Formats in use for new registrations (the ones a quote request meets; older formats of vehicles registered
 * before 1994/1999 are not accepted here, as RC Auto quotes on such vehicles go through the chassis number):
 * - autoveicoli (autovettura, autocarro, autobus, autocaravan): `AA000AA` since 1994 (DPR 495/1992 art. 260);
 * - motocicli: `AA00000` since 1999;
 * - rimorchi: `XA000AA` since 1999 (the first letter is always X);
 * - ciclomotori: six characters since 14 July 2006 (DPR 153/2006 art. 3, which rewrote DPR 495/1992 art. 250:
 *   "La targa è composta da sei caratteri alfanumerici"); the series issued start with X followed by five
 *   letters or digits (e.g. `X2B7KL`), compulsory for every moped since 2012.
 * Letters I, O, Q and U are never used in Italian plates (confusable with 1, 0, 0 and V).
 */

export const VEHICLE_TYPES = ['car', 'van', 'truck', 'bus', 'camper', 'motorcycle', 'moped', 'trailer'] as const;
export type TVehicleType = (typeof VEHICLE_TYPES)[number];

/** Italian label of each vehicle type (select options). */
export const VEHICLE_TYPE_LABELS: Readonly<Record<TVehicleType, string>> = {
  car: 'Autovettura',
  van: 'Furgone (autocarro leggero)',
  truck: 'Autocarro',
  bus: 'Autobus',
  camper: 'Autocaravan (camper)',
  motorcycle: 'Motociclo',
  moped: 'Ciclomotore',
  trailer: 'Rimorchio',
};

/** The type with its indefinite article, as the messages use it ("per un'autovettura"). */
const WITH_ARTICLE: Readonly<Record<TVehicleType, string>> = {
  car: 'un’autovettura',
  van: 'un furgone',
  truck: 'un autocarro',
  bus: 'un autobus',
  camper: 'un’autocaravan',
  motorcycle: 'un motociclo',
  moped: 'un ciclomotore',
  trailer: 'un rimorchio',
};

/** Letters of Italian plates: A–Z without I, O, Q, U. */
const L = '[A-HJ-NPR-TV-Z]';
/** Letters and digits of Italian plates. */
const C = '[0-9A-HJ-NPR-TV-Z]';

const CAR_FORMAT = { pattern: new RegExp(`^${L}{2}[0-9]{3}${L}{2}$`), format: 'AA000AA' };

/** The plate format of each vehicle type: the pattern of the normalised plate and how it is shown to people. */
export const PLATE_FORMATS: Readonly<Record<TVehicleType, { pattern: RegExp; format: string }>> = {
  car: CAR_FORMAT,
  van: CAR_FORMAT,
  truck: CAR_FORMAT,
  bus: CAR_FORMAT,
  camper: CAR_FORMAT,
  motorcycle: { pattern: new RegExp(`^${L}{2}[0-9]{5}$`), format: 'AA00000' },
  moped: { pattern: new RegExp(`^X${C}{5}$`), format: 'X00000 (sei caratteri, il primo è X)' },
  trailer: { pattern: new RegExp(`^X${L}[0-9]{3}${L}{2}$`), format: 'XA000AA' },
};

export const isVehicleType = (value: unknown): value is TVehicleType => typeof value === 'string' && (VEHICLE_TYPES as readonly string[]).includes(value);

/** Upper case, without blanks, dashes and dots, the way plates are compared and stored. */
export const normalizePlate = (value: string): string => value.replace(/[\s.\-–]/g, '').toUpperCase();

/** True when the plate (raw or normalised) has the format of that vehicle type. */
export const isValidPlate = (type: TVehicleType, plate: string): boolean => PLATE_FORMATS[type].pattern.test(normalizePlate(plate));

/** True when the plate has the format of some vehicle type (a plate whose vehicle type is not known). */
export const isItalianPlate = (plate: string): boolean => VEHICLE_TYPES.some((type) => isValidPlate(type, plate));

/** The Italian message for a plate of the wrong format ("Targa non valida per un’autovettura: formato AA000AA"). */
export const plateFormatMessage = (type: TVehicleType): string => `Targa non valida per ${WITH_ARTICLE[type]}: formato ${PLATE_FORMATS[type].format}`;

/** Null when the plate suits the vehicle type, otherwise the Italian message to show. */
export const plateError = (type: TVehicleType, plate: string): string | null => {
  const normalised = normalizePlate(plate);
  if (normalised === '') return 'Inserisci la targa.';
  return PLATE_FORMATS[type].pattern.test(normalised) ? null : plateFormatMessage(type);
};

/** Checks a plate for a vehicle type: the normalised plate, or the Italian message when it is wrong. */
export const checkPlate = (type: TVehicleType, plate: string): { ok: true; plate: string } | { ok: false; message: string } => {
  const message = plateError(type, plate);
  return message === null ? { ok: true, plate: normalizePlate(plate) } : { ok: false, message };
};

/**
 * Chassis number (numero di telaio): the 17-character VIN of ISO 3779, letters I, O and Q excluded. Its check
 * digit (position 9) is compulsory only in North America, so it is not verified.
 */
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export const VIN_MESSAGE = 'Numero di telaio non valido: 17 caratteri, lettere e cifre, senza I, O e Q.';

/** Upper case, without blanks and dashes. */
export const normalizeVin = (value: string): string => value.replace(/[\s\-–]/g, '').toUpperCase();

export const isValidVin = (value: string): boolean => VIN_PATTERN.test(normalizeVin(value));

/** Null when the chassis number is a valid VIN, otherwise the Italian message to show. */
export const vinError = (value: string): string | null => {
  const normalised = normalizeVin(value);
  if (normalised === '') return 'Inserisci il numero di telaio.';
  return VIN_PATTERN.test(normalised) ? null : VIN_MESSAGE;
};
