import { z } from 'zod';
import { zOptionalText } from '../schemas/common';
import { SECTORS, type TUtilityState } from '../sectors';
import type { TSectorDefinition } from './definition';
import { offerSnapshot, UTILITY_OFFERS_DEFAULTS } from './utility-offers';
import { switchStartDate } from './utility-timeline';
import { UTILITY_STATE_RULES, ZSepa, ZSupplyAddress, ZUtilityOffer, asObject, formatSupplyAddress, keysOf, utilityTransitions, zBoolean, zPdr, zPod, zPositiveInt } from './utility';
import { ZLuceGasConfig } from './utility-offers';

/**
 * Luce e gas (issue 16): the corner submits the activation of an electricity and/or gas supply for a client; the
 * broker of the sector works it (states of SECTORS, transitions of utility.ts). The client is the practice's.
 */

export const LUCE_GAS_MSG = {
  commodityInvalid: 'Seleziona la fornitura: luce, gas o luce e gas.',
  operationInvalid: 'Seleziona il tipo di operazione.',
  electricityRequired: 'Inserisci i dati della fornitura di luce.',
  gasRequired: 'Inserisci i dati della fornitura di gas.',
  yearlyKwhInvalid: 'Consumo annuo non valido: indica i kWh dell’ultimo anno, senza decimali (es. 2700).',
  powerInvalid: 'Potenza impegnata non valida: indicala in kW (es. 3, 4,5 o 6).',
  electricityUseInvalid: 'Seleziona l’uso della fornitura di luce.',
  yearlySmcInvalid: 'Consumo annuo non valido: indica gli Smc dell’ultimo anno, senza decimali (es. 1200).',
  gasUseInvalid: 'Seleziona l’uso della fornitura di gas.',
  currentSupplierRequired: 'Per il cambio fornitore indica il fornitore attuale (è sulla bolletta).',
} as const;

export const COMMODITIES = { electricity: 'Luce', gas: 'Gas', dual: 'Luce e gas' } as const;
export type TCommodity = keyof typeof COMMODITIES;

/** The operations on the meter (product "Domain facts"): a change of supplier, a new holder, reopening, first activation, new connection. */
export const SUPPLY_OPERATIONS = {
  switch: 'Cambio fornitore',
  voltura: 'Voltura',
  subentro: 'Subentro',
  firstActivation: 'Prima attivazione',
  newConnection: 'Nuovo allaccio',
} as const;
export type TSupplyOperation = keyof typeof SUPPLY_OPERATIONS;

/** Electricity uses of the ARERA tariffs (a household resident has the lower rate). */
export const ELECTRICITY_USES = {
  householdResident: 'Domestico residente',
  householdNonResident: 'Domestico non residente',
  otherUses: 'Altri usi',
} as const;
export type TElectricityUse = keyof typeof ELECTRICITY_USES;

export const GAS_USES = { household: 'Domestico (cottura e acqua calda)', heating: 'Riscaldamento', otherUses: 'Altri usi' } as const;
export type TGasUse = keyof typeof GAS_USES;

export const ZElectricitySupply = z.object({
  /** The meter's POD (IT + distributor code + E + 8 digits), normalised. */
  pod: zPod(),
  yearlyKwh: zPositiveInt(LUCE_GAS_MSG.yearlyKwhInvalid),
  /** Committed power in kW (3, 4.5, 6...). */
  powerKw: z.number({ error: LUCE_GAS_MSG.powerInvalid }).positive({ error: LUCE_GAS_MSG.powerInvalid }).max(10_000, { error: LUCE_GAS_MSG.powerInvalid }),
  use: z.enum(keysOf(ELECTRICITY_USES), { error: LUCE_GAS_MSG.electricityUseInvalid }),
});

export const ZGasSupply = z.object({
  /** The meter's PDR (14 digits). */
  pdr: zPdr(),
  yearlySmc: zPositiveInt(LUCE_GAS_MSG.yearlySmcInvalid),
  use: z.enum(keysOf(GAS_USES), { error: LUCE_GAS_MSG.gasUseInvalid }),
});

const ZLuceGasShape = z.object({
  supplyAddress: ZSupplyAddress,
  commodity: z.enum(keysOf(COMMODITIES), { error: LUCE_GAS_MSG.commodityInvalid }),
  /** Required for electricity and dual; dropped for gas only. */
  electricity: ZElectricitySupply.nullish().transform((value) => value ?? null),
  /** Required for gas and dual; dropped for electricity only. */
  gas: ZGasSupply.nullish().transform((value) => value ?? null),
  currentSupplier: zOptionalText(200),
  operation: z.enum(keysOf(SUPPLY_OPERATIONS), { error: LUCE_GAS_MSG.operationInvalid }),
  offer: ZUtilityOffer,
  sepa: ZSepa,
  /** Signed at a distance or off premises: the client may withdraw within 14 days. */
  signedAtDistance: zBoolean(),
  notes: zOptionalText(2000),
});

const hasElectricity = (commodity: unknown) => commodity === 'electricity' || commodity === 'dual';
const hasGas = (commodity: unknown) => commodity === 'gas' || commodity === 'dual';

/** The rules across fields, on the field to correct; they run even when other fields failed (every problem at once). */
const luceGasCrossFieldRules = (value: unknown, ctx: z.RefinementCtx) => {
  const data = asObject(value);
  if (!data) return;
  if (hasElectricity(data.commodity) && data.electricity == null) ctx.addIssue({ code: 'custom', path: ['electricity'], message: LUCE_GAS_MSG.electricityRequired });
  if (hasGas(data.commodity) && data.gas == null) ctx.addIssue({ code: 'custom', path: ['gas'], message: LUCE_GAS_MSG.gasRequired });
  if (data.operation === 'switch' && (typeof data.currentSupplier !== 'string' || data.currentSupplier.trim() === '')) {
    ctx.addIssue({ code: 'custom', path: ['currentSupplier'], message: LUCE_GAS_MSG.currentSupplierRequired });
  }
};

/** The data of a luce e gas practice (create and every change; Italian messages). The part of a commodity not chosen is dropped. */
export const ZLuceGasData = ZLuceGasShape.superRefine(luceGasCrossFieldRules, { when: (payload) => asObject(payload.value) !== undefined }).transform((data) => ({
  ...data,
  electricity: hasElectricity(data.commodity) ? data.electricity : null,
  gas: hasGas(data.commodity) ? data.gas : null,
}));
export type TLuceGasData = z.output<typeof ZLuceGasData>;
export type TLuceGasDataInput = z.input<typeof ZLuceGasData>;

/** A valid request: a dual supply of a household in Milan changing supplier, paid by direct debit. */
const LUCE_GAS_EXAMPLE: TLuceGasData = {
  supplyAddress: { street: 'Via Roma', streetNumber: '10', postcode: '20121', comune: 'Milano', province: 'MI' },
  commodity: 'dual',
  electricity: { pod: 'IT001E12345678', yearlyKwh: 2700, powerKw: 3, use: 'householdResident' },
  gas: { pdr: '00881234567890', yearlySmc: 1200, use: 'heating' },
  currentSupplier: 'Energia Esempio S.p.A.',
  operation: 'switch',
  offer: offerSnapshot(UTILITY_OFFERS_DEFAULTS.luceGasConfig.offers[0]!),
  sepa: { iban: 'IT60X0542811101000000123456', holderName: '', holderTaxCode: '' },
  signedAtDistance: false,
  notes: '',
};

export const luceGasDefinition: TSectorDefinition<TLuceGasData, TUtilityState, { luceGasConfig: typeof ZLuceGasConfig }, 'luce-e-gas'> = {
  sector: 'luce-e-gas',
  kind: 'utility',
  settings: { schemas: { luceGasConfig: ZLuceGasConfig }, defaults: { luceGasConfig: UTILITY_OFFERS_DEFAULTS.luceGasConfig } },
  data: ZLuceGasData,
  states: SECTORS['luce-e-gas'].states,
  ...UTILITY_STATE_RULES,
  transitions: utilityTransitions({
    rejectReason: 'Il POD indicato non corrisponde all’indirizzo della bolletta: controlla e invia di nuovo.',
    endDate: '2028-01-31',
    ceaseReason: 'Il cliente ha cambiato fornitore.',
  }),
  events: { create: 'lg_create', update: 'lg_update' },
  // A second open activation of the same meter would be rejected by the distributor weeks later (issue 16).
  uniqueWhileOpen: [
    { path: ['electricity', 'pod'], label: 'POD' },
    { path: ['gas', 'pdr'], label: 'PDR' },
  ],
  title: (data) => `${COMMODITIES[data.commodity]} · ${formatSupplyAddress(data.supplyAddress)}`,
  // A switch has a date by the rule of utility-timeline.ts; the other operations follow the distributor's times.
  expectedStart: (data, submittedOn) => (data.operation === 'switch' ? switchStartDate(submittedOn) : null),
  offerSubject: (data) => ({ commodity: data.commodity, electricityUse: data.electricity?.use ?? null, gasUse: data.gas?.use ?? null }),
  searchText: (data) =>
    [
      data.electricity?.pod ?? '',
      data.gas?.pdr ?? '',
      data.supplyAddress.street,
      data.supplyAddress.streetNumber,
      data.supplyAddress.postcode,
      data.supplyAddress.comune,
      data.supplyAddress.province,
      data.currentSupplier,
      data.offer.supplier,
      data.offer.name,
      data.offer.id,
    ]
      .filter(Boolean)
      .join(' '),
  example: LUCE_GAS_EXAMPLE,
};
