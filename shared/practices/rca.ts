import { z } from 'zod';
import { decodePersonCf } from '../rules/client-record';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import { SECTORS, type TInsuranceState } from '../sectors';
import { isValidCompanyCf } from '../validation/codice-fiscale';
import { normalizeTaxCode } from '../validation/normalize';
import { VEHICLE_TYPES, isItalianPlate, normalizePlate, normalizeVin, plateError, vinError, type TVehicleType } from '../validation/plates';
import type { TSectorDefinition } from './definition';
import { RCA_QUESTIONNAIRE } from './questionnaire';
import { INSURANCE_STATE_RULES, POLICY_DOC, emitPayloadFor, insuranceTransitions, type TPolicyDuration } from './insurance';
import { RCA_COVERS, RCA_COVER_CODES, RCA_COVER_LIST, ZQuotationInput, isIsoDate, quotationExample, zCents, zIsoDate, type TRcaCoverCode } from './quotation';
import { RCA_SETTING_SCHEMAS, RCA_SETTINGS_DEFAULTS } from './rca-settings';

/**
 * RC Auto (issue 15 "RC Auto on it"): the request's data and the sector definition the practice engine runs.
 * The contraente is the practice's client (and the owner unless `owner` says otherwise); the data hold what the
 * client record does not.
 */

export const RCA_MSG = {
  cfInvalid: 'Codice fiscale non valido.',
  ownerTaxCodeInvalid: 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del proprietario.',
  birthDateMismatch: 'La data di nascita non corrisponde al codice fiscale.',
  licenceYearInvalid: 'Anno di conseguimento della patente non valido.',
  licenceTooEarly: (minAge: number) => `La patente non può essere stata conseguita prima dei ${minAge} anni.`,
  licenceInFuture: 'L’anno della patente non può essere nel futuro.',
  drivingKindInvalid: 'Seleziona il tipo di guida.',
  vehicleTypeInvalid: 'Seleziona il tipo di veicolo.',
  vehicleUseInvalid: 'Seleziona l’uso del veicolo.',
  fuelInvalid: 'Seleziona l’alimentazione.',
  fuelRequired: 'Un veicolo a motore ha un’alimentazione: selezionala.',
  plateOrChassisRequired: 'Inserisci la targa o, per un veicolo senza targa, il numero di telaio.',
  registrationYearInvalid: 'Anno di immatricolazione non valido.',
  powerInvalid: 'Potenza non valida: indicala in kW, senza decimali.',
  powerRequired: 'Inserisci la potenza in kW.',
  valueInvalid: 'Valore del veicolo non valido: indicalo in centesimi.',
  cuClassInvalid: 'La classe CU va da 1 a 18.',
  claimsInvalid: 'Indica i sinistri di ciascuno degli ultimi cinque anni (da 0 a 99).',
  familyBonusCfRequired: 'Inserisci il codice fiscale del familiare convivente di cui si eredita la classe.',
  familyBonusPlateRequired: 'Inserisci la targa del veicolo di cui si eredita la classe.',
  familyBonusPlateInvalid: 'Targa del veicolo del familiare non valida.',
  coverInvalid: 'Garanzia non prevista.',
  coverDuplicate: 'Garanzia già selezionata.',
  startBeforeRegistration: 'La decorrenza non può precedere l’anno di immatricolazione.',
} as const;

export const DRIVING_KINDS = { free: 'Guida libera', expert: 'Guida esperta', exclusive: 'Guida esclusiva' } as const;
export type TDrivingKind = keyof typeof DRIVING_KINDS;

export const VEHICLE_USES = {
  private: 'Uso privato',
  business: 'Uso aziendale o professionale',
  thirdParties: 'Trasporto cose per conto terzi',
  rental: 'Noleggio senza conducente',
  rentalWithDriver: 'Noleggio con conducente',
  taxi: 'Taxi',
  drivingSchool: 'Scuola guida',
} as const;
export type TVehicleUse = keyof typeof VEHICLE_USES;

export const FUELS = {
  petrol: 'Benzina',
  diesel: 'Gasolio',
  lpg: 'Benzina/GPL',
  methane: 'Benzina/metano',
  hybrid: 'Ibrida',
  electric: 'Elettrica',
  hydrogen: 'Idrogeno',
  other: 'Altro',
  none: 'Nessuna (senza motore)',
} as const;
export type TFuel = keyof typeof FUELS;

const keysOf = <T extends object>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

/** The minimum age for the licence that drives a vehicle type (AM 14, A1 16, B 18; Codice della strada art. 115). */
export const minimumLicenceAge = (type: TVehicleType | undefined): number => (type === 'moped' ? 14 : type === 'motorcycle' ? 16 : 18);

const currentYear = () => new Date().getUTCFullYear();

const zPersonCf = () =>
  zText({ error: RCA_MSG.cfInvalid })
    .trim()
    .transform(normalizeTaxCode)
    .refine((value) => decodePersonCf(value) !== null, { error: RCA_MSG.cfInvalid });

const zYear = (message: string) => z.number({ error: message }).int({ error: message }).min(1900, { error: message });

/** The owner when it is not the contraente (a person's codice fiscale, or a company's 11 digits). */
export const ZRcaOwner = z.object({
  name: zRequiredText(200),
  taxCode: zText({ error: RCA_MSG.ownerTaxCodeInvalid })
    .trim()
    .transform(normalizeTaxCode)
    .refine((value) => decodePersonCf(value) !== null || isValidCompanyCf(value), { error: RCA_MSG.ownerTaxCodeInvalid }),
});

/** The habitual driver when it is not the contraente. */
export const ZRcaDriver = z.object({
  name: zOptionalText(200),
  taxCode: zPersonCf(),
  birthDate: zIsoDate(),
  /** Year the driving licence for this vehicle was obtained. */
  licenceYear: zYear(RCA_MSG.licenceYearInvalid),
});

export const ZRcaVehicle = z.object({
  type: z.enum(VEHICLE_TYPES, { error: RCA_MSG.vehicleTypeInvalid }),
  /** Normalised plate (upper case, no blanks); empty when the vehicle has none and `chassis` identifies it. */
  plate: zOptionalText(20).transform(normalizePlate),
  /** Chassis number (VIN), normalised; required when there is no plate. */
  chassis: zOptionalText(30).transform(normalizeVin),
  use: z.enum(keysOf(VEHICLE_USES), { error: RCA_MSG.vehicleUseInvalid }),
  make: zRequiredText(60),
  model: zRequiredText(100),
  fuel: z.enum(keysOf(FUELS), { error: RCA_MSG.fuelInvalid }),
  registrationYear: zYear(RCA_MSG.registrationYearInvalid),
  /** Power in kW; null for a trailer. */
  powerKw: z.number({ error: RCA_MSG.powerInvalid }).int({ error: RCA_MSG.powerInvalid }).positive({ error: RCA_MSG.powerInvalid }).max(5000, { error: RCA_MSG.powerInvalid }).nullish().transform((value) => value ?? null),
  /** Market value, in integer cents (for fire and theft, kasko). */
  valueCents: zCents(RCA_MSG.valueInvalid),
});

/** The policy in force, from the risk certificate (attestato di rischio). */
export const ZRcaCurrentPolicy = z.object({
  company: zRequiredText(200),
  expiryDate: zIsoDate(),
  /** Bonus-malus class CU (classe di conversione universale), 1 best to 18 worst. */
  cuClass: z.number({ error: RCA_MSG.cuClassInvalid }).int({ error: RCA_MSG.cuClassInvalid }).min(1, { error: RCA_MSG.cuClassInvalid }).max(18, { error: RCA_MSG.cuClassInvalid }),
  /** Claims with main responsibility per year of the last five, most recent year first. */
  claimsLastFiveYears: z
    .array(z.number({ error: RCA_MSG.claimsInvalid }).int({ error: RCA_MSG.claimsInvalid }).min(0, { error: RCA_MSG.claimsInvalid }).max(99, { error: RCA_MSG.claimsInvalid }), { error: RCA_MSG.claimsInvalid })
    .length(5, { error: RCA_MSG.claimsInvalid }),
});

/**
 * The family bonus-malus inheritance (Legge Bersani, DL 31 gennaio 2007 n. 7 art. 5 c. 2, converted by L. 40/2007,
 * now art. 134 c. 4-bis Codice delle assicurazioni private, extended by DL 124/2019 "RC familiare"): the class of a
 * vehicle of a cohabiting family member. When it applies, the relative's codice fiscale and that vehicle's plate.
 */
export const ZRcaFamilyBonus = z.object({
  applies: z.boolean({ error: 'Valore non valido.' }),
  relativeTaxCode: zOptionalText(20).transform(normalizeTaxCode),
  fromPlate: zOptionalText(20).transform(normalizePlate),
});

const ZRcaDataShape = z.object({
  owner: ZRcaOwner.nullish().transform((value) => value ?? null),
  driver: ZRcaDriver.nullish().transform((value) => value ?? null),
  drivingKind: z.enum(keysOf(DRIVING_KINDS), { error: RCA_MSG.drivingKindInvalid }),
  vehicle: ZRcaVehicle,
  /** Null for a first registration or a vehicle never insured. */
  currentPolicy: ZRcaCurrentPolicy.nullish().transform((value) => value ?? null),
  /** Requested start of cover (ISO date). */
  startDate: zIsoDate(),
  familyBonus: ZRcaFamilyBonus.nullish().transform((value) => value ?? { applies: false, relativeTaxCode: '', fromPlate: '' }),
  /** Optional covers wanted, codes of RCA_COVERS. */
  covers: z
    .array(z.enum(RCA_COVER_CODES as [TRcaCoverCode, ...TRcaCoverCode[]], { error: RCA_MSG.coverInvalid }), { error: RCA_MSG.coverInvalid })
    .nullish()
    .transform((value) => value ?? []),
  notes: zOptionalText(2000),
});

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asInt = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const isVehicleTypeValue = (value: unknown): value is TVehicleType => typeof value === 'string' && (VEHICLE_TYPES as readonly string[]).includes(value);

/**
 * The rules across fields, reported on the field to correct. They run even when other fields failed (so a form
 * shows every problem at once), each only over the fields it reads that hold the expected kind of value.
 */
const rcaCrossFieldRules = (value: unknown, ctx: z.RefinementCtx) => {
  const data = asObject(value);
  if (!data) return;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const vehicle = asObject(data.vehicle) ?? {};
  const type = isVehicleTypeValue(vehicle.type) ? vehicle.type : undefined;
  const plate = normalizePlate(asString(vehicle.plate) ?? '');
  const chassis = normalizeVin(asString(vehicle.chassis) ?? '');
  if (data.vehicle !== undefined && plate === '' && chassis === '') issue(['vehicle', 'plate'], RCA_MSG.plateOrChassisRequired);
  if (type && plate !== '') {
    const message = plateError(type, plate);
    if (message) issue(['vehicle', 'plate'], message);
  }
  if (chassis !== '') {
    const message = vinError(chassis);
    if (message) issue(['vehicle', 'chassis'], message);
  }
  if (type === 'trailer') {
    if (vehicle.fuel !== undefined && vehicle.fuel !== 'none') issue(['vehicle', 'fuel'], RCA_MSG.fuelInvalid);
    if (vehicle.powerKw != null) issue(['vehicle', 'powerKw'], RCA_MSG.powerInvalid);
  } else if (type) {
    if (vehicle.fuel === 'none') issue(['vehicle', 'fuel'], RCA_MSG.fuelRequired);
    if (vehicle.powerKw == null) issue(['vehicle', 'powerKw'], RCA_MSG.powerRequired);
  }
  const registrationYear = asInt(vehicle.registrationYear);
  if (registrationYear !== undefined && registrationYear > currentYear() + 1) issue(['vehicle', 'registrationYear'], RCA_MSG.registrationYearInvalid);
  const startDate = asString(data.startDate);
  if (registrationYear !== undefined && startDate && isIsoDate(startDate) && Number(startDate.slice(0, 4)) < registrationYear) {
    issue(['startDate'], RCA_MSG.startBeforeRegistration);
  }

  const driver = asObject(data.driver);
  if (driver) {
    const taxCode = asString(driver.taxCode);
    const birthDate = asString(driver.birthDate);
    const licenceYear = asInt(driver.licenceYear);
    const decoded = taxCode ? decodePersonCf(normalizeTaxCode(taxCode)) : null;
    if (decoded && birthDate && isIsoDate(birthDate) && decoded.birthDate !== birthDate) issue(['driver', 'birthDate'], RCA_MSG.birthDateMismatch);
    const minAge = minimumLicenceAge(type);
    if (licenceYear !== undefined && birthDate && isIsoDate(birthDate) && licenceYear < Number(birthDate.slice(0, 4)) + minAge) {
      issue(['driver', 'licenceYear'], RCA_MSG.licenceTooEarly(minAge));
    }
    if (licenceYear !== undefined && licenceYear > currentYear()) issue(['driver', 'licenceYear'], RCA_MSG.licenceInFuture);
  }

  const familyBonus = asObject(data.familyBonus);
  if (familyBonus?.applies === true) {
    const relative = normalizeTaxCode(asString(familyBonus.relativeTaxCode) ?? '');
    const fromPlate = normalizePlate(asString(familyBonus.fromPlate) ?? '');
    if (relative === '') issue(['familyBonus', 'relativeTaxCode'], RCA_MSG.familyBonusCfRequired);
    else if (decodePersonCf(relative) === null) issue(['familyBonus', 'relativeTaxCode'], RCA_MSG.cfInvalid);
    if (fromPlate === '') issue(['familyBonus', 'fromPlate'], RCA_MSG.familyBonusPlateRequired);
    else if (!isItalianPlate(fromPlate)) issue(['familyBonus', 'fromPlate'], RCA_MSG.familyBonusPlateInvalid);
  }

  if (Array.isArray(data.covers)) {
    const seen = new Set<unknown>();
    data.covers.forEach((code: unknown, index) => {
      if (seen.has(code)) issue(['covers', index], RCA_MSG.coverDuplicate);
      seen.add(code);
    });
  }
};

/** The data of a RC Auto practice (create and every change; Italian messages). */
export const ZRcaData = ZRcaDataShape.superRefine(rcaCrossFieldRules, { when: (payload) => asObject(payload.value) !== undefined });
export type TRcaData = z.output<typeof ZRcaData>;
export type TRcaDataInput = z.input<typeof ZRcaData>;

/** Payloads of the transitions (shared by the insurance sectors). */
export { ZAskEmissionPayload as ZRcaAskEmissionPayload, ZReasonPayload as ZRcaReasonPayload } from './insurance';

/**
 * How long a RC Auto policy may last (issue 26 point 4): the contract is yearly (art. 170-bis Codice delle
 * assicurazioni private, no tacit renewal), plus up to 15 days of pro-rata when the expiry is aligned to another date.
 */
export const RCA_POLICY_DURATION: TPolicyDuration = { maxPolicyMonths: 12, extraDays: 15 };
/** The RC Auto issue's payload. */
export const ZRcaEmitPayload = emitPayloadFor(RCA_POLICY_DURATION);

/** A valid request: a Fiat Panda driven by a relative, with a policy expiring and two covers. */
const RCA_EXAMPLE: TRcaData = {
  owner: null,
  driver: { name: 'Mario Rossi', taxCode: 'RSSMRA85T10A562S', birthDate: '1985-12-10', licenceYear: 2004 },
  drivingKind: 'expert',
  vehicle: {
    type: 'car',
    plate: 'AB123CD',
    chassis: 'ZFA31200000123456',
    use: 'private',
    make: 'Fiat',
    model: 'Panda',
    fuel: 'petrol',
    registrationYear: 2019,
    powerKw: 51,
    valueCents: 850_000,
  },
  currentPolicy: { company: 'Compagnia Esempio S.p.A.', expiryDate: '2027-03-31', cuClass: 4, claimsLastFiveYears: [0, 0, 1, 0, 0] },
  startDate: '2027-03-31',
  familyBonus: { applies: false, relativeTaxCode: '', fromPlate: '' },
  covers: ['fireTheft', 'roadsideAssistance'],
  notes: '',
};

const vehicleName = (data: TRcaData) => [data.vehicle.make, data.vehicle.model].filter(Boolean).join(' ');

export const rcaDefinition: TSectorDefinition<TRcaData, TInsuranceState, typeof RCA_SETTING_SCHEMAS, 'rca'> = {
  sector: 'rca',
  kind: 'insurance',
  settings: { schemas: RCA_SETTING_SCHEMAS, defaults: RCA_SETTINGS_DEFAULTS },
  insurance: {
    rules: (values) => ({ ...values.rcaConfig, docs: values.rcaDocs, revenue: values.rcaRevenue }),
    precontractSetting: 'rcaPrecontrattuale',
    product: () => 'la polizza RC Auto',
    subjectLabel: 'Veicolo',
    questionnaire: RCA_QUESTIONNAIRE(RCA_COVER_LIST),
    policyDocs: [POLICY_DOC, { docType: 'insuranceCertificate', label: 'Certificato di assicurazione' }],
  },
  data: ZRcaData,
  states: SECTORS.rca.states,
  ...INSURANCE_STATE_RULES,
  transitions: insuranceTransitions('rca_emission', {
    policyNumber: 'POL-2027-000123',
    policyMonths: 12,
    refuseReason: 'Il veicolo non è assicurabile con le compagnie disponibili.',
    backReason: 'Il cliente chiede un preventivo con un’altra compagnia.',
  }, RCA_POLICY_DURATION),
  events: {
    create: 'rca_create',
    update: 'rca_update',
    history: 'rca_history',
    newQuotation: 'rca_newquotation',
    updateQuotation: 'rca_updatequotation',
  },
  title: (data) => [vehicleName(data), data.vehicle.plate || data.vehicle.chassis].filter(Boolean).join(' '),
  searchText: (data) =>
    [data.vehicle.plate, data.vehicle.chassis, data.vehicle.make, data.vehicle.model, data.driver?.taxCode ?? '', data.owner?.taxCode ?? '', data.owner?.name ?? '']
      .filter(Boolean)
      .join(' '),
  example: RCA_EXAMPLE,
  quotation: { input: ZQuotationInput, example: quotationExample, limits: 'liability' },
};

/** Labels of the covers asked for, in catalogue order (request summaries). */
export const rcaCoverLabels = (data: Pick<TRcaData, 'covers'>): string[] => RCA_COVER_CODES.filter((code) => data.covers.includes(code)).map((code) => RCA_COVERS[code]);
