import { z } from 'zod';
import { zOptionalText } from '../schemas/common';
import { SECTORS, type TUtilityState } from '../sectors';
import type { TSectorDefinition } from './definition';
import { offerSnapshot, UTILITY_OFFERS_DEFAULTS } from './utility-offers';
import { UTILITY_STATE_RULES, ZSepa, ZSupplyAddress, ZUtilityOffer, asObject, formatSupplyAddress, keysOf, utilityTransitions, zBoolean, zPositiveInt } from './utility';
import { ZGplConfig } from './utility-offers';

/**
 * GPL (issue 16): the corner submits the activation of a LPG supply for a client: where, what for, the tank (owned,
 * rented, on loan) or the cylinders, the consumption, the offer and how it is paid. Supply and tank are two
 * contracts (D.Lgs. 32/1998 art. 10); a tank on a rented property needs the owner's consent. Same states and
 * transitions as luce e gas (utility.ts).
 */

export const GPL_MSG = {
  usesRequired: 'Seleziona almeno un uso del GPL.',
  useInvalid: 'Uso non previsto.',
  useDuplicate: 'Uso già selezionato.',
  supplyKindInvalid: 'Seleziona il tipo di fornitura: serbatoio o bombole.',
  tankRequired: 'Inserisci i dati del serbatoio.',
  tankLitresInvalid: 'Capacità del serbatoio non valida: da 100 a 20.000 litri, senza decimali (es. 1000).',
  cylinderKgInvalid: 'Seleziona il peso delle bombole (10, 15, 16 o 25 kg).',
  yearlyLitresInvalid: 'Consumo annuo non valido: indica i litri dell’ultimo anno, senza decimali (es. 1500).',
  ownerConsentRequired: 'In un immobile in affitto serve il consenso del proprietario all’installazione.',
  paymentInvalid: 'Seleziona il metodo di pagamento.',
  sepaRequired: 'Per l’addebito diretto inserisci l’IBAN.',
} as const;

export const GPL_USES = { heating: 'Riscaldamento', hotWater: 'Acqua calda', cooking: 'Cottura' } as const;
export type TGplUse = keyof typeof GPL_USES;
const GPL_USE_CODES = keysOf(GPL_USES);

export const GPL_SUPPLY_KINDS = {
  tankOwned: 'Serbatoio di proprietà',
  tankRented: 'Serbatoio in affitto',
  tankLoan: 'Serbatoio in comodato',
  cylinders: 'Bombole',
} as const;
export type TGplSupplyKind = keyof typeof GPL_SUPPLY_KINDS;

/** The usual cylinder sizes, in kg. */
export const GPL_CYLINDER_KG = [10, 15, 16, 25] as const;
export type TGplCylinderKg = (typeof GPL_CYLINDER_KG)[number];

export const GPL_PAYMENTS = { sepa: 'Addebito diretto SEPA', transfer: 'Bonifico bancario', onDelivery: 'Pagamento alla consegna' } as const;
export type TGplPayment = keyof typeof GPL_PAYMENTS;

export const isTankKind = (kind: unknown): boolean => kind === 'tankOwned' || kind === 'tankRented' || kind === 'tankLoan';

export const ZGplTank = z.object({
  litres: z
    .number({ error: GPL_MSG.tankLitresInvalid })
    .int({ error: GPL_MSG.tankLitresInvalid })
    .min(100, { error: GPL_MSG.tankLitresInvalid })
    .max(20_000, { error: GPL_MSG.tankLitresInvalid }),
  underground: zBoolean(),
});

const ZGplShape = z.object({
  supplyAddress: ZSupplyAddress,
  uses: z.array(z.enum(GPL_USE_CODES, { error: GPL_MSG.useInvalid }), { error: GPL_MSG.usesRequired }).min(1, { error: GPL_MSG.usesRequired }),
  supplyKind: z.enum(keysOf(GPL_SUPPLY_KINDS), { error: GPL_MSG.supplyKindInvalid }),
  /** Required for the tank kinds; dropped for cylinders. */
  tank: ZGplTank.nullish().transform((value) => value ?? null),
  /** Required for cylinders; dropped for a tank. */
  cylinderKg: z
    .union(
      GPL_CYLINDER_KG.map((kg) => z.literal(kg)),
      { error: GPL_MSG.cylinderKgInvalid },
    )
    .nullish()
    .transform((value) => value ?? null),
  yearlyLitres: zPositiveInt(GPL_MSG.yearlyLitresInvalid),
  currentSupplier: zOptionalText(200),
  propertyRented: zBoolean(),
  ownerConsent: zBoolean(),
  offer: ZUtilityOffer,
  payment: z.enum(keysOf(GPL_PAYMENTS), { error: GPL_MSG.paymentInvalid }),
  /** Required for the direct debit; dropped otherwise. */
  sepa: ZSepa.nullish().transform((value) => value ?? null),
  notes: zOptionalText(2000),
});

const gplCrossFieldRules = (value: unknown, ctx: z.RefinementCtx) => {
  const data = asObject(value);
  if (!data) return;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (isTankKind(data.supplyKind) && data.tank == null) issue(['tank'], GPL_MSG.tankRequired);
  if (data.supplyKind === 'cylinders' && data.cylinderKg == null) issue(['cylinderKg'], GPL_MSG.cylinderKgInvalid);
  if (data.propertyRented === true && data.ownerConsent !== true) issue(['ownerConsent'], GPL_MSG.ownerConsentRequired);
  if (data.payment === 'sepa' && data.sepa == null) issue(['sepa', 'iban'], GPL_MSG.sepaRequired);
  if (Array.isArray(data.uses)) {
    const seen = new Set<unknown>();
    data.uses.forEach((use: unknown, index) => {
      if (seen.has(use)) issue(['uses', index], GPL_MSG.useDuplicate);
      seen.add(use);
    });
  }
};

/** The data of a GPL practice (create and every change; Italian messages). What the chosen kind and payment do not use is dropped. */
export const ZGplData = ZGplShape.superRefine(gplCrossFieldRules, { when: (payload) => asObject(payload.value) !== undefined }).transform((data) => ({
  ...data,
  uses: GPL_USE_CODES.filter((code) => data.uses.includes(code)),
  tank: isTankKind(data.supplyKind) ? data.tank : null,
  cylinderKg: data.supplyKind === 'cylinders' ? data.cylinderKg : null,
  ownerConsent: data.propertyRented ? data.ownerConsent : false,
  sepa: data.payment === 'sepa' ? data.sepa : null,
}));
export type TGplData = z.output<typeof ZGplData>;
export type TGplDataInput = z.input<typeof ZGplData>;

/** A valid request: a house near Bergamo heated by a 1,000-litre tank on loan, paid by direct debit. */
const GPL_EXAMPLE: TGplData = {
  supplyAddress: { street: 'Via dei Mille', streetNumber: '5', postcode: '24021', comune: 'Albino', province: 'BG' },
  uses: ['heating', 'hotWater', 'cooking'],
  supplyKind: 'tankLoan',
  tank: { litres: 1000, underground: false },
  cylinderKg: null,
  yearlyLitres: 1500,
  currentSupplier: '',
  propertyRented: false,
  ownerConsent: false,
  offer: offerSnapshot(UTILITY_OFFERS_DEFAULTS.gplConfig.offers[0]!),
  payment: 'sepa',
  sepa: { iban: 'IT60X0542811101000000123456', holderName: '', holderTaxCode: '' },
  notes: '',
};

const supplyOf = (data: TGplData) =>
  data.tank ? `${GPL_SUPPLY_KINDS[data.supplyKind]} ${data.tank.litres} L` : `${GPL_SUPPLY_KINDS[data.supplyKind]}${data.cylinderKg ? ` da ${data.cylinderKg} kg` : ''}`;

export const gplDefinition: TSectorDefinition<TGplData, TUtilityState, { gplConfig: typeof ZGplConfig }, 'gpl'> = {
  sector: 'gpl',
  kind: 'utility',
  settings: { schemas: { gplConfig: ZGplConfig }, defaults: { gplConfig: UTILITY_OFFERS_DEFAULTS.gplConfig } },
  data: ZGplData,
  states: SECTORS.gpl.states,
  ...UTILITY_STATE_RULES,
  transitions: utilityTransitions({
    rejectReason: 'Manca il consenso del proprietario dell’immobile all’installazione del serbatoio.',
    endDate: '2028-02-14',
    ceaseReason: 'Fine del contratto di fornitura.',
  }),
  events: { create: 'gpl_create', update: 'gpl_update' },
  title: (data) => `${supplyOf(data)} · ${formatSupplyAddress(data.supplyAddress)}`,
  offerSubject: () => ({ commodity: 'lpg' }),
  searchText: (data) =>
    [
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
  example: GPL_EXAMPLE,
};
