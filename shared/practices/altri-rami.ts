import { z } from 'zod';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import { SECTORS, type TInsuranceState } from '../sectors';
import type { TSectorDefinition } from './definition';
import { ALTRI_RAMI_QUESTIONNAIRE } from './questionnaire';
import { INSURANCE_STATE_RULES, POLICY_DOC, insuranceTransitions, type TPolicyDuration } from './insurance';
import { MAX_INSURED_CENTS, QUOTATION_MSG, ZInsuredQuotationInput, insuredQuotationExample, isIsoDate, zCents, zIsoDate } from './quotation';
import { ALTRI_RAMI_SETTING_SCHEMAS, ALTRI_RAMI_SETTINGS_DEFAULTS } from './rca-settings';

/**
 * How long a policy of altri rami may last (issue 26 point 4): multi-year contracts exist (home, injury, liability:
 * art. 1899 c.c., often five years with a discount), ten years is the longest the market writes.
 */
export const ALTRI_RAMI_POLICY_DURATION: TPolicyDuration = { maxPolicyMonths: 120 };

/**
 * Altri rami (the other insurance branches: home, injury, professional liability, travel...): the request's data
 * and the sector definition the practice engine runs. Same workflow as RC Auto (quotations, request for issue,
 * policy); the data say which category, the risk to insure, the cover wanted, and a few facts that insurers ask
 * for in each category (`details`). The contraente is the practice's client.
 */

export const ALTRI_RAMI_MSG = {
  categoryInvalid: 'Seleziona la categoria di rischio.',
  descriptionInvalid: 'Descrivi il rischio da assicurare (da 10 a 2000 caratteri).',
  insuredInvalid: 'Somma assicurata o massimale non valido: indicalo in centesimi, un importo positivo.',
  durationInvalid: 'La durata va da 1 a 10 anni (anni interi).',
  coverInvalid: 'Descrivi la garanzia in al massimo 100 caratteri.',
  coverEmpty: 'Garanzia vuota: scrivila o toglila.',
  coversTooMany: 'Al massimo 20 garanzie.',
  coverDuplicate: 'Garanzia già indicata.',
  detailsInvalid: 'Dettagli della categoria non validi.',
  addressRequired: 'Indica l’indirizzo dell’abitazione.',
  currentPolicyInvalid: 'Indica compagnia e scadenza della polizza in corso.',
  provinceInvalid: 'Sigla della provincia non valida (2 lettere, es. MI).',
  squareMetresInvalid: 'Superficie non valida: indica i metri quadrati (da 1 a 100.000, senza decimali).',
  constructionYearInvalid: 'Anno di costruzione non valido.',
  constructionYearInFuture: 'L’anno di costruzione non può essere nel futuro.',
  ownershipInvalid: 'Indica se il cliente è proprietario o inquilino.',
  birthDateInFuture: 'La data di nascita non può essere nel futuro.',
  registerRequired: 'Indica l’albo o l’ordine presso cui è iscritto il numero.',
  turnoverInvalid: 'Fatturato annuo non valido: indicalo in centesimi (0 o più).',
  travellersInvalid: 'I viaggiatori vanno da 1 a 20.',
  returnBeforeDeparture: 'Il rientro deve essere successivo alla partenza.',
  atecoInvalid: 'Codice ATECO non valido: formato NN.NN.NN (es. 47.11.00).',
  employeesInvalid: 'Numero di addetti non valido (0 o più, senza decimali).',
} as const;

/** The categories of risk, with their Italian labels, in the order of the request form. */
export const ALTRI_RAMI_CATEGORIES = {
  home: 'Casa e famiglia',
  injury: 'Infortuni',
  health: 'Salute',
  professionalLiability: 'RC professionale',
  familyLiability: 'RC del capofamiglia',
  travel: 'Viaggi',
  business: 'Multirischi impresa',
  shop: 'Commercio e artigianato',
  cyber: 'Rischi informatici',
  pets: 'Animali domestici',
  legalProtection: 'Tutela legale',
  other: 'Altro',
} as const;
export type TAltriRamiCategory = keyof typeof ALTRI_RAMI_CATEGORIES;
export const ALTRI_RAMI_CATEGORY_CODES = Object.keys(ALTRI_RAMI_CATEGORIES) as [TAltriRamiCategory, ...TAltriRamiCategory[]];

export const HOME_OWNERSHIPS = { owner: 'Proprietario', tenant: 'Inquilino (in affitto)' } as const;
export type THomeOwnership = keyof typeof HOME_OWNERSHIPS;

const todayIso = () => new Date().toISOString().slice(0, 10);
const currentYear = () => new Date().getUTCFullYear();
const zInt = (message: string, min: number, max: number) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** The dwelling's address (the comune as text, the province by its 2-letter code). */
export const ZHomeAddress = z.object(
  {
    street: zRequiredText(200),
    comune: zRequiredText(100),
    province: zText({ error: ALTRI_RAMI_MSG.provinceInvalid })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, { error: ALTRI_RAMI_MSG.provinceInvalid })),
  },
  { error: ALTRI_RAMI_MSG.addressRequired },
);

/** Home: where the dwelling is, how large and old, whether the client owns it or rents it. */
export const ZHomeDetails = z.object({
  address: ZHomeAddress,
  squareMetres: zInt(ALTRI_RAMI_MSG.squareMetresInvalid, 1, 100_000),
  constructionYear: zInt(ALTRI_RAMI_MSG.constructionYearInvalid, 1000, 9999).refine((year) => year <= currentYear(), { error: ALTRI_RAMI_MSG.constructionYearInFuture }),
  ownership: z.enum(Object.keys(HOME_OWNERSHIPS) as [THomeOwnership, ...THomeOwnership[]], { error: ALTRI_RAMI_MSG.ownershipInvalid }),
});

/** Injury and health: the insured person's birth date and occupation (what prices the risk). */
export const ZPersonDetails = z.object({
  birthDate: zIsoDate().refine((value) => value <= todayIso(), { error: ALTRI_RAMI_MSG.birthDateInFuture }),
  occupation: zRequiredText(200),
});

/** Professional liability: the profession, its professional register (albo) and number, the yearly turnover. */
export const ZProfessionalDetails = z
  .object({
    profession: zRequiredText(200),
    register: zOptionalText(200),
    registerNumber: zOptionalText(50),
    turnoverCents: zCents(ALTRI_RAMI_MSG.turnoverInvalid),
  })
  .refine((value) => value.registerNumber === '' || value.register !== '', {
    error: ALTRI_RAMI_MSG.registerRequired,
    path: ['register'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

/** Travel: where, from when to when, how many travellers. */
export const ZTravelDetails = z
  .object({
    destination: zRequiredText(200),
    departureDate: zIsoDate(),
    returnDate: zIsoDate(),
    travellers: zInt(ALTRI_RAMI_MSG.travellersInvalid, 1, 20),
  })
  .refine((value) => value.returnDate > value.departureDate, {
    error: ALTRI_RAMI_MSG.returnBeforeDeparture,
    path: ['returnDate'],
    when: (payload) => {
      const value = payload.value as { departureDate?: unknown; returnDate?: unknown } | null;
      return typeof value?.departureDate === 'string' && typeof value.returnDate === 'string' && isIsoDate(value.departureDate) && isIsoDate(value.returnDate);
    },
  });

/** Business and shop: the activity (ATECO code optional), the yearly turnover, the people working in it. */
export const ZActivityDetails = z.object({
  activity: zRequiredText(200),
  atecoCode: zOptionalText(8).refine((value) => value === '' || /^\d{2}\.\d{2}\.\d{2}$/.test(value), { error: ALTRI_RAMI_MSG.atecoInvalid }),
  turnoverCents: zCents(ALTRI_RAMI_MSG.turnoverInvalid),
  employees: zInt(ALTRI_RAMI_MSG.employeesInvalid, 0, 1_000_000),
});

/** The categories' groups of details; the others need none. */
export const ALTRI_RAMI_DETAIL_GROUPS = {
  home: 'home',
  injury: 'person',
  health: 'person',
  professionalLiability: 'professional',
  travel: 'travel',
  business: 'activity',
  shop: 'activity',
} as const satisfies Partial<Record<TAltriRamiCategory, string>>;
export type TAltriRamiDetailGroup = (typeof ALTRI_RAMI_DETAIL_GROUPS)[keyof typeof ALTRI_RAMI_DETAIL_GROUPS];

const DETAIL_SCHEMAS: Record<TAltriRamiDetailGroup, z.ZodType> = {
  home: ZHomeDetails,
  person: ZPersonDetails,
  professional: ZProfessionalDetails,
  travel: ZTravelDetails,
  activity: ZActivityDetails,
};

/** The group of details of a category (null for a category that needs none). */
export const detailGroupOf = (category: TAltriRamiCategory): TAltriRamiDetailGroup | null =>
  Object.hasOwn(ALTRI_RAMI_DETAIL_GROUPS, category) ? ALTRI_RAMI_DETAIL_GROUPS[category as keyof typeof ALTRI_RAMI_DETAIL_GROUPS] : null;

export type THomeDetails = z.output<typeof ZHomeDetails>;
export type TPersonDetails = z.output<typeof ZPersonDetails>;
export type TProfessionalDetails = z.output<typeof ZProfessionalDetails>;
export type TTravelDetails = z.output<typeof ZTravelDetails>;
export type TActivityDetails = z.output<typeof ZActivityDetails>;
/** The details as stored: only the fields of the category's group (none for the categories without details). */
export type TAltriRamiDetails = Partial<THomeDetails & TPersonDetails & TProfessionalDetails & TTravelDetails & TActivityDetails>;

/** The policy in force for the same risk, if any. */
export const ZAltriRamiCurrentPolicy = z.object({ company: zRequiredText(200), expiryDate: zIsoDate() }, { error: ALTRI_RAMI_MSG.currentPolicyInvalid });

const ZAltriRamiShape = z.object({
  category: z.enum(ALTRI_RAMI_CATEGORY_CODES, { error: ALTRI_RAMI_MSG.categoryInvalid }),
  /** The risk to insure, in the corner's words. */
  description: zText({ error: ALTRI_RAMI_MSG.descriptionInvalid })
    .trim()
    .min(10, { error: ALTRI_RAMI_MSG.descriptionInvalid })
    .max(2000, { error: ALTRI_RAMI_MSG.descriptionInvalid }),
  /** The sum insured or limit (massimale) wanted, in integer cents; null when the corner leaves it to the broker. */
  insuredCents: z
    .number({ error: ALTRI_RAMI_MSG.insuredInvalid })
    .int({ error: ALTRI_RAMI_MSG.insuredInvalid })
    .positive({ error: ALTRI_RAMI_MSG.insuredInvalid })
    .max(MAX_INSURED_CENTS, { error: QUOTATION_MSG.insuredTooHigh })
    .nullish()
    .transform((value) => value ?? null),
  /** Requested start of cover (ISO date). */
  startDate: zIsoDate(),
  durationYears: zInt(ALTRI_RAMI_MSG.durationInvalid, 1, 10)
    .nullish()
    .transform((value) => value ?? 1),
  currentPolicy: ZAltriRamiCurrentPolicy.nullish().transform((value) => value ?? null),
  /** The covers wanted, as the corner names them ("Incendio", "Furto", "RC della famiglia"). */
  covers: z
    .array(
      zText({ error: ALTRI_RAMI_MSG.coverInvalid })
        .trim()
        .min(1, { error: ALTRI_RAMI_MSG.coverEmpty })
        .max(100, { error: ALTRI_RAMI_MSG.coverInvalid }),
      { error: ALTRI_RAMI_MSG.coverInvalid },
    )
    .max(20, { error: ALTRI_RAMI_MSG.coversTooMany })
    .nullish()
    .transform((value) => value ?? []),
  /** The category's details, checked against its group by the cross-field rules (the description tells integrators which). */
  details: z
    .record(z.string(), z.unknown(), { error: ALTRI_RAMI_MSG.detailsInvalid })
    .nullish()
    .transform((value) => value ?? {})
    .meta({
      description:
        'Dettagli della categoria. home: address {street, comune, province (2 lettere)}, squareMetres, constructionYear, ownership (owner|tenant); ' +
        'injury, health: birthDate (AAAA-MM-GG), occupation; professionalLiability: profession, register, registerNumber, turnoverCents; ' +
        'travel: destination, departureDate, returnDate, travellers (1-20); business, shop: activity, atecoCode (NN.NN.NN, facoltativo), turnoverCents, employees; ' +
        'altre categorie: nessuno.',
    }),
  notes: zOptionalText(2000),
});

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const isCategory = (value: unknown): value is TAltriRamiCategory => typeof value === 'string' && Object.hasOwn(ALTRI_RAMI_CATEGORIES, value);

/**
 * The rules across fields, reported on the field to correct; they run even when other fields failed (so a form
 * shows every problem at once): the details of the category's group, the covers each once.
 */
const altriRamiCrossFieldRules = (value: unknown, ctx: z.RefinementCtx) => {
  const data = asObject(value);
  if (!data) return;
  if (isCategory(data.category)) {
    const group = detailGroupOf(data.category);
    const details = data.details ?? {};
    if (group && asObject(details)) {
      const result = DETAIL_SCHEMAS[group].safeParse(details);
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: ['details', ...issue.path], message: issue.message });
      }
    }
  }
  if (Array.isArray(data.covers)) {
    const seen = new Set<string>();
    data.covers.forEach((cover: unknown, index) => {
      if (typeof cover !== 'string') return;
      const key = cover.trim().toLowerCase();
      if (key !== '' && seen.has(key)) ctx.addIssue({ code: 'custom', path: ['covers', index], message: ALTRI_RAMI_MSG.coverDuplicate });
      seen.add(key);
    });
  }
};

/** Only the details of the category's group, normalised (an unrelated field sent along is dropped). */
const keepCategoryDetails = <T extends { category: TAltriRamiCategory; details: Record<string, unknown> }>(data: T) => {
  const group = detailGroupOf(data.category);
  const details: TAltriRamiDetails = group ? (DETAIL_SCHEMAS[group].parse(data.details) as TAltriRamiDetails) : {};
  return { ...data, details };
};

/** The data of an altri rami practice (create and every change; Italian messages). */
export const ZAltriRamiData = ZAltriRamiShape.superRefine(altriRamiCrossFieldRules, { when: (payload) => asObject(payload.value) !== undefined }).transform(keepCategoryDetails);
export type TAltriRamiData = z.output<typeof ZAltriRamiData>;
export type TAltriRamiDataInput = z.input<typeof ZAltriRamiData>;

/** A valid request: a flat in Milan, owned, with the policy in force expiring and three covers. */
const ALTRI_RAMI_EXAMPLE: TAltriRamiData = {
  category: 'home',
  description: 'Abitazione principale in condominio, al terzo piano: incendio, furto e responsabilità civile della famiglia.',
  insuredCents: 30_000_000,
  startDate: '2027-01-01',
  durationYears: 1,
  currentPolicy: { company: 'Compagnia Esempio S.p.A.', expiryDate: '2026-12-31' },
  covers: ['Incendio e scoppio', 'Furto e rapina', 'RC della famiglia'],
  details: { address: { street: 'Via Roma 10', comune: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 1975, ownership: 'owner' },
  notes: '',
};

/** A text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
const shorten = (text: string, max = 60): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ') > max / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s,;:.]+$/, '')}…`;
};

/** What names the insured thing in a title: the dwelling's comune, the trip's destination, the profession... */
const subjectOf = (data: TAltriRamiData): string => {
  const details = data.details;
  switch (detailGroupOf(data.category)) {
    case 'home':
      return details.address ? `${details.address.comune} (${details.address.province})` : '';
    case 'person':
      return details.occupation ?? '';
    case 'professional':
      return details.profession ?? '';
    case 'travel':
      return details.destination ?? '';
    case 'activity':
      return details.activity ?? '';
    default:
      return shorten(data.description);
  }
};

export const altriRamiDefinition: TSectorDefinition<TAltriRamiData, TInsuranceState, typeof ALTRI_RAMI_SETTING_SCHEMAS, 'altri-rami'> = {
  sector: 'altri-rami',
  kind: 'insurance',
  settings: { schemas: ALTRI_RAMI_SETTING_SCHEMAS, defaults: ALTRI_RAMI_SETTINGS_DEFAULTS },
  insurance: {
    rules: (values) => ({ ...values.altriRamiConfig, docs: values.altriRamiDocs, revenue: values.altriRamiRevenue }),
    product: (data: TAltriRamiData) => `la polizza ${ALTRI_RAMI_CATEGORIES[data.category]}`,
    subjectLabel: 'Rischio assicurato',
    questionnaire: ALTRI_RAMI_QUESTIONNAIRE,
    policyDocs: [POLICY_DOC],
  },
  data: ZAltriRamiData,
  states: SECTORS['altri-rami'].states,
  ...INSURANCE_STATE_RULES,
  transitions: insuranceTransitions('ar_emission', {
    policyNumber: 'AR-2027-000456',
    policyMonths: 12,
    refuseReason: 'Il rischio non è assumibile con le compagnie disponibili.',
    backReason: 'Il cliente chiede un massimale più alto.',
  }, ALTRI_RAMI_POLICY_DURATION),
  events: {
    create: 'ar_create',
    update: 'ar_update',
    history: 'ar_history',
    newQuotation: 'ar_newquotation',
    updateQuotation: 'ar_updatequotation',
  },
  title: (data) => [ALTRI_RAMI_CATEGORIES[data.category], subjectOf(data)].filter(Boolean).join(' · '),
  searchText: (data) => {
    const details = data.details;
    return [
      ALTRI_RAMI_CATEGORIES[data.category],
      data.description,
      details.address?.street,
      details.address?.comune,
      details.occupation,
      details.profession,
      details.register,
      details.registerNumber,
      details.destination,
      details.activity,
      details.atecoCode,
      data.currentPolicy?.company,
      ...data.covers,
    ]
      .filter(Boolean)
      .join(' ');
  },
  example: ALTRI_RAMI_EXAMPLE,
  quotation: {
    input: ZInsuredQuotationInput,
    example: () =>
      insuredQuotationExample(30_000_000, [
        { code: 'fire', label: 'Incendio e scoppio', limitCents: 30_000_000, deductibleCents: 25_000 },
        { code: 'theft', label: 'Furto e rapina', limitCents: 1_000_000, deductibleCents: 25_000 },
      ]),
    limits: 'insured',
  },
};
