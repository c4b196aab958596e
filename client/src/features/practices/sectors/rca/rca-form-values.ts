import { RCA_COVER_CODES, type TRcaCoverCode } from '../../../../../../shared/practices/quotation';
import { ZRcaData, type TDrivingKind, type TFuel, type TRcaData, type TVehicleUse } from '../../../../../../shared/practices/rca';
import type { TVehicleType } from '../../../../../../shared/validation/plates';

/**
 * The RC Auto request form as its inputs hold it: the same paths as the request data (`vehicle.plate`,
 * `driver.taxCode`, `currentPolicy.claimsLastFiveYears.2`), so the schema's and the server's messages land under
 * the right input; empty numbers as '', the optional parts (owner, driver, current policy) behind a switch, the
 * vehicle's value in euro.
 */
export type TRcaFormValues = {
  ownerIsOther: boolean;
  owner: { name: string; taxCode: string };
  driverIsOther: boolean;
  driver: { name: string; taxCode: string; birthDate: string | null; licenceYear: number | '' };
  drivingKind: TDrivingKind | '';
  vehicle: {
    type: TVehicleType | '';
    plate: string;
    chassis: string;
    use: TVehicleUse | '';
    make: string;
    model: string;
    fuel: TFuel | '';
    registrationYear: number | '';
    powerKw: number | '';
    /** Euro, as typed (DecimalInput); sent in cents. */
    valueCents: number | null;
  };
  hasCurrentPolicy: boolean;
  currentPolicy: { company: string; expiryDate: string | null; cuClass: number | ''; claimsLastFiveYears: (number | '')[] };
  startDate: string | null;
  familyBonus: { applies: boolean; relativeTaxCode: string; fromPlate: string };
  covers: TRcaCoverCode[];
  notes: string;
};

export const EMPTY_RCA_FORM: TRcaFormValues = {
  ownerIsOther: false,
  owner: { name: '', taxCode: '' },
  driverIsOther: false,
  driver: { name: '', taxCode: '', birthDate: null, licenceYear: '' },
  drivingKind: '',
  vehicle: { type: '', plate: '', chassis: '', use: 'private', make: '', model: '', fuel: '', registrationYear: '', powerKw: '', valueCents: null },
  hasCurrentPolicy: true,
  currentPolicy: { company: '', expiryDate: null, cuClass: '', claimsLastFiveYears: [0, 0, 0, 0, 0] },
  startDate: null,
  familyBonus: { applies: false, relativeTaxCode: '', fromPlate: '' },
  covers: [],
  notes: '',
};

const num = (value: number | '' | null | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const text = (value: string | null | undefined): string => value ?? '';

/** What is sent as the practice's `data` (checked again by the server with the same schema). */
export const toRcaInput = (values: TRcaFormValues): Record<string, unknown> => ({
  owner: values.ownerIsOther ? { name: values.owner.name, taxCode: values.owner.taxCode } : null,
  driver: values.driverIsOther
    ? { name: values.driver.name, taxCode: values.driver.taxCode, birthDate: text(values.driver.birthDate), licenceYear: num(values.driver.licenceYear) }
    : null,
  drivingKind: values.drivingKind || undefined,
  vehicle: {
    type: values.vehicle.type || undefined,
    plate: values.vehicle.plate,
    chassis: values.vehicle.chassis,
    use: values.vehicle.use || undefined,
    make: values.vehicle.make,
    model: values.vehicle.model,
    fuel: values.vehicle.type === 'trailer' ? 'none' : values.vehicle.fuel || undefined,
    registrationYear: num(values.vehicle.registrationYear),
    powerKw: values.vehicle.type === 'trailer' ? null : (num(values.vehicle.powerKw) ?? null),
    valueCents: values.vehicle.valueCents === null ? undefined : Math.round(values.vehicle.valueCents * 100),
  },
  currentPolicy: values.hasCurrentPolicy
    ? {
        company: values.currentPolicy.company,
        expiryDate: text(values.currentPolicy.expiryDate),
        cuClass: num(values.currentPolicy.cuClass),
        claimsLastFiveYears: values.currentPolicy.claimsLastFiveYears.map((claims) => num(claims) ?? Number.NaN),
      }
    : null,
  startDate: text(values.startDate),
  familyBonus: values.familyBonus.applies ? values.familyBonus : { applies: false, relativeTaxCode: '', fromPlate: '' },
  covers: RCA_COVER_CODES.filter((code) => values.covers.includes(code)),
  notes: values.notes,
});

/** A saved request back into the form (editing a practice still in quotation). */
export const toRcaFormValues = (data: TRcaData): TRcaFormValues => ({
  ownerIsOther: data.owner !== null,
  owner: data.owner ?? EMPTY_RCA_FORM.owner,
  driverIsOther: data.driver !== null,
  driver: data.driver ? { name: data.driver.name ?? '', taxCode: data.driver.taxCode, birthDate: data.driver.birthDate, licenceYear: data.driver.licenceYear } : EMPTY_RCA_FORM.driver,
  drivingKind: data.drivingKind,
  vehicle: {
    type: data.vehicle.type,
    plate: data.vehicle.plate ?? '',
    chassis: data.vehicle.chassis ?? '',
    use: data.vehicle.use,
    make: data.vehicle.make,
    model: data.vehicle.model,
    fuel: data.vehicle.fuel,
    registrationYear: data.vehicle.registrationYear,
    powerKw: data.vehicle.powerKw ?? '',
    valueCents: data.vehicle.valueCents / 100,
  },
  hasCurrentPolicy: data.currentPolicy !== null,
  currentPolicy: data.currentPolicy ? { ...data.currentPolicy } : EMPTY_RCA_FORM.currentPolicy,
  startDate: data.startDate,
  familyBonus: { applies: data.familyBonus.applies, relativeTaxCode: data.familyBonus.relativeTaxCode ?? '', fromPlate: data.familyBonus.fromPlate ?? '' },
  covers: [...data.covers],
  notes: data.notes ?? '',
});

/** The schema speaks of cents to integrators; the form's field is in euro. */
const FORM_MESSAGES: Record<string, string> = { 'vehicle.valueCents': 'Indica il valore del veicolo in euro (0 se non lo conosci).' };

/** A message under the form's input of `path` (the form's own wording where it differs from the schema's). */
export const formMessage = (path: string, message: string): string => FORM_MESSAGES[path] ?? message;

/**
 * Every problem of the request, by form path, with the schema the server uses: a plate in the wrong format for
 * the vehicle type, a birth date that does not match the codice fiscale, a licence obtained too young...
 */
export const checkRcaForm = (values: TRcaFormValues): Record<string, string> => {
  const result = ZRcaData.safeParse(toRcaInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = formMessage(path, issue.message);
  }
  return errors;
};
