import { z } from 'zod';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import { todayInItaly } from '../rules/italian-day';
import type { TVehicleType } from '../validation/plates';
import { addDaysIso } from './rca-settings';

/**
 * The insurance quotation a broker adds to a practice (issue 15 "Quotations"): company, yearly premium in integer
 * cents, instalments, liability limits not below the legal minimums, the covers included with their limits and
 * deductibles, conditions, validity date. The PDF travels beside it (multipart `file0`), not in it.
 */

/**
 * Legal minimum limits of motor third-party liability (RC Auto) in Italy, per claim regardless of the number of
 * victims: art. 128 c. 1 of the Codice delle assicurazioni private (D.Lgs. 7 settembre 2005 n. 209), as rewritten
 * by D.Lgs. 22 novembre 2023 n. 184 (G.U. n. 290 del 13/12/2023), transposing Directive (EU) 2021/2118 that
 * amended art. 9 of Directive 2009/103/EC:
 *   a) danni alle persone: € 6.450.000 per sinistro;
 *   b) danni alle cose: € 1.300.000 per sinistro;
 *   b-bis) veicoli per il trasporto di persone M2 e M3 (autobus): € 30.000.000 alle persone, € 2.000.000 alle cose.
 * Sources: Gazzetta Ufficiale, text of art. 128 D.Lgs. 209/2005 in force
 * (gazzettaufficiale.it, codiceRedazionale 005G0233, art. 128, versione 6); Brocardi.it, art. 128 Codice delle
 * assicurazioni private, updated 20/01/2024. Checked on 2026-11-23.
 * Art. 128 c. 2: the amounts a) and b) are indexed to the HICP every five years from 22 December 2021 by
 * delegated acts of the European Commission (next due after 22 December 2026): update these constants then.
 */
export const RCA_LEGAL_MINIMUMS = {
  default: { personInjuryCents: 645_000_000, propertyDamageCents: 130_000_000 },
  /** Buses (categories M2 and M3, art. 128 c. 1 b-bis). */
  bus: { personInjuryCents: 3_000_000_000, propertyDamageCents: 200_000_000 },
} as const;

export type TLiabilityMinimums = { personInjuryCents: number; propertyDamageCents: number };

/** The legal minimum limits for a vehicle type (buses have higher ones). */
export const liabilityMinimums = (vehicleType?: TVehicleType | null): TLiabilityMinimums =>
  vehicleType === 'bus' ? RCA_LEGAL_MINIMUMS.bus : RCA_LEGAL_MINIMUMS.default;

/** Euro from cents in Italian ("6.450.000,00 €"), for messages. */
export const formatEuroCents = (cents: number): string =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: true }).format(cents / 100);

/**
 * Business maximums of the amounts (issue 26 point 2), each below what its bigint column holds and far below
 * Number.MAX_SAFE_INTEGER, so sums and commissions stay exact integers:
 * - a yearly premium up to 10.000.000 € (the largest corporate programmes stay well below);
 * - an insured sum, a massimale, a cover's limit or deductible, a turnover up to 10.000.000.000 € (ten times the
 *   largest massimali placed on the Italian market, above the 30.000.000 € legal minimum for buses).
 */
export const MAX_PREMIUM_CENTS = 1_000_000_000;
export const MAX_INSURED_CENTS = 1_000_000_000_000;

/** How far ahead a quotation may stay valid (issue 26 point 4): at most one year from today. */
export const QUOTATION_MAX_VALIDITY_DAYS = 366;

export const QUOTATION_MSG = {
  companyRequired: 'Seleziona la compagnia.',
  premiumInvalid: 'Il premio deve essere un importo positivo in centesimi.',
  premiumTooHigh: `Il premio non può superare ${formatEuroCents(MAX_PREMIUM_CENTS)}.`,
  amountTooHigh: `L’importo non può superare ${formatEuroCents(MAX_INSURED_CENTS)}.`,
  insuredTooHigh: `La somma assicurata non può superare ${formatEuroCents(MAX_INSURED_CENTS)}.`,
  validUntilPast: 'La validità del preventivo non può essere una data passata.',
  validUntilTooFar: 'La validità del preventivo non può superare un anno da oggi.',
  instalmentsInvalid: 'Frazionamento non valido: scegli tra 1, 2, 4 o 12 rate.',
  amountInvalid: 'Importo non valido: indicalo in centesimi, senza decimali.',
  personInjuryBelowMinimum: (minCents: number) => `Il massimale per danni alle persone non può essere inferiore al minimo di legge (${formatEuroCents(minCents)} per sinistro).`,
  propertyDamageBelowMinimum: (minCents: number) => `Il massimale per danni alle cose non può essere inferiore al minimo di legge (${formatEuroCents(minCents)} per sinistro).`,
  coverCodeInvalid: 'Codice della garanzia non valido.',
  coverDuplicate: 'Questa garanzia è già presente nel preventivo.',
  coversTooMany: 'Troppe garanzie: al massimo 30.',
  dateInvalid: 'Data non valida.',
  insuredInvalid: 'Indica la somma assicurata (o garantita) in centesimi: un importo positivo.',
  deductibleAboveLimit: 'La franchigia non può superare il massimale della garanzia.',
} as const;

/** The years a business date may fall in (issue 26 point 4): nothing of this business happens outside them. */
export const ISO_DATE_YEARS = { min: 1900, max: 2100 } as const;

/** An ISO date `YYYY-MM-DD` that exists in the calendar, in a year from 1900 to 2100. */
export const isIsoDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  Number(value.slice(0, 4)) >= ISO_DATE_YEARS.min &&
  Number(value.slice(0, 4)) <= ISO_DATE_YEARS.max &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A required ISO date (`YYYY-MM-DD`) with Italian messages. */
export const zIsoDate = (message: string = QUOTATION_MSG.dateInvalid) =>
  zText({ error: message }).trim().refine(isIsoDate, { error: message });

/** An amount in integer euro cents, zero or more, at most MAX_INSURED_CENTS (its own message). */
export const zCents = (message: string = QUOTATION_MSG.amountInvalid) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(MAX_INSURED_CENTS, { error: QUOTATION_MSG.amountTooHigh });

/** A quotation's last valid day: from today (in Italy) to one year ahead, Italian messages on the field. */
const zValidUntil = () =>
  zIsoDate()
    .refine((value) => !isIsoDate(value) || value >= todayInItaly(), { error: QUOTATION_MSG.validUntilPast })
    .refine((value) => !isIsoDate(value) || value <= addDaysIso(todayInItaly(), QUOTATION_MAX_VALIDITY_DAYS), { error: QUOTATION_MSG.validUntilTooFar });

export const INSTALMENTS = [1, 2, 4, 12] as const;
export type TInstalments = (typeof INSTALMENTS)[number];
export const INSTALMENT_LABELS: Readonly<Record<TInstalments, string>> = { 1: 'Annuale', 2: 'Semestrale', 4: 'Trimestrale', 12: 'Mensile' };
/** How the premium is paid, as a sentence says it («premio annuo 420,00 €, in un’unica rata»). */
export const INSTALMENT_PHRASES: Readonly<Record<TInstalments, string>> = {
  1: 'in un’unica rata',
  2: 'in due rate semestrali',
  4: 'in quattro rate trimestrali',
  12: 'in dodici rate mensili',
};

/** The optional covers a RC Auto request may ask for (issue 15), with their Italian labels. */
export const RCA_COVERS = {
  fireTheft: 'Furto e incendio',
  kasko: 'Kasko',
  glass: 'Cristalli',
  roadsideAssistance: 'Assistenza stradale',
  driverInjury: 'Infortuni del conducente',
  legalProtection: 'Tutela legale',
  naturalEvents: 'Eventi naturali',
  vandalism: 'Atti vandalici',
  recourseWaiver: 'Rinuncia alla rivalsa',
} as const;
export type TRcaCoverCode = keyof typeof RCA_COVERS;
export const RCA_COVER_CODES = Object.keys(RCA_COVERS) as TRcaCoverCode[];
/** The catalogue as a list, in the order of the request form. */
export const RCA_COVER_LIST: readonly { code: TRcaCoverCode; label: string }[] = RCA_COVER_CODES.map((code) => ({ code, label: RCA_COVERS[code] }));
export const isRcaCoverCode = (value: unknown): value is TRcaCoverCode => typeof value === 'string' && Object.hasOwn(RCA_COVERS, value);

/**
 * A cover included in a quotation: a catalogue code (RCA_COVERS) or the insurer's own (`bonusProtetto`), its
 * label as the insurer names it, and optionally its limit and deductible in cents.
 */
export const ZQuotationCover = z
  .object({
    code: zText({ error: QUOTATION_MSG.coverCodeInvalid })
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, { error: QUOTATION_MSG.coverCodeInvalid }),
    label: zRequiredText(120),
    limitCents: zCents().nullish(),
    deductibleCents: zCents().nullish(),
  })
  .refine((cover) => cover.limitCents == null || cover.deductibleCents == null || cover.deductibleCents <= cover.limitCents, {
    error: QUOTATION_MSG.deductibleAboveLimit,
    path: ['deductibleCents'],
  });
export type TQuotationCover = z.infer<typeof ZQuotationCover>;

/** The covers of a quotation, each code once. */
const ZQuotationCovers = z
  .array(ZQuotationCover, { error: QUOTATION_MSG.coverCodeInvalid })
  .max(30, { error: QUOTATION_MSG.coversTooMany })
  .superRefine((covers, ctx) => {
    const seen = new Set<string>();
    covers.forEach((cover, index) => {
      if (seen.has(cover.code)) ctx.addIssue({ code: 'custom', path: [index, 'code'], message: QUOTATION_MSG.coverDuplicate });
      seen.add(cover.code);
    });
  })
  .nullish()
  .transform((covers) => covers ?? []);

/** What every quotation states, whatever its sector. */
const quotationBase = {
  /** The id of a company of the admin list (`/admin/gestione-compagnie`), or its name while that list is missing it. */
  company: zRequiredText(200),
  /** The agency that quotes (admin list `/admin/gestione-agenzie`), id or name; empty when none. */
  agency: zOptionalText(200),
  /** Yearly premium, taxes included, in integer cents. */
  premiumCents: z
    .number({ error: QUOTATION_MSG.premiumInvalid })
    .int({ error: QUOTATION_MSG.premiumInvalid })
    .positive({ error: QUOTATION_MSG.premiumInvalid })
    .max(MAX_PREMIUM_CENTS, { error: QUOTATION_MSG.premiumTooHigh }),
  instalments: z.literal(INSTALMENTS, { error: QUOTATION_MSG.instalmentsInvalid }),
  covers: ZQuotationCovers,
  conditions: zOptionalText(5000),
  /** Last day the quotation may be chosen (ISO date), from today to one year ahead. */
  validUntil: zValidUntil(),
};

/** The quotation schema for given legal minimums (each limit checked on its own field, so forms show it at once). */
const quotationSchema = (minimums: TLiabilityMinimums) =>
  z.object({
    ...quotationBase,
    /** Limit for injury to persons, per claim, in cents, not below the legal minimum. */
    personInjuryCents: zCents().min(minimums.personInjuryCents, { error: QUOTATION_MSG.personInjuryBelowMinimum(minimums.personInjuryCents) }),
    /** Limit for damage to property, per claim, in cents, not below the legal minimum. */
    propertyDamageCents: zCents().min(minimums.propertyDamageCents, { error: QUOTATION_MSG.propertyDamageBelowMinimum(minimums.propertyDamageCents) }),
  });

/**
 * The quotation of a sector with one insured sum (altri rami: the policy's massimale or sum insured; fideiussioni:
 * the amount the bond guarantees), in integer cents.
 */
export const ZInsuredQuotationInput = z.object({
  ...quotationBase,
  insuredCents: z
    .number({ error: QUOTATION_MSG.insuredInvalid })
    .int({ error: QUOTATION_MSG.insuredInvalid })
    .positive({ error: QUOTATION_MSG.insuredInvalid })
    .max(MAX_INSURED_CENTS, { error: QUOTATION_MSG.insuredTooHigh }),
});
export type TInsuredQuotationInput = z.infer<typeof ZInsuredQuotationInput>;

/** A quotation of any insurance sector, as its sector's schema leaves it. */
export type TAnyQuotationInput = TQuotationInput | TInsuredQuotationInput;

/** A quotation as the broker sends it (create and full edit), checked against the general legal minimums. */
export const ZQuotationInput = quotationSchema(RCA_LEGAL_MINIMUMS.default);
export type TQuotationInput = z.infer<typeof ZQuotationInput>;

/** The same schema with the legal minimums of a vehicle type (a bus needs higher limits). */
export const quotationInputFor = (vehicleType?: TVehicleType | null) => quotationSchema(liabilityMinimums(vehicleType));

/** Whether a quotation may still be chosen on that day (its validity date included). */
export const isQuotationStillValid = (quotation: { validUntil: string }, todayIso: string = new Date().toISOString().slice(0, 10)): boolean =>
  quotation.validUntil >= todayIso;

const inDays = (days: number): string => addDaysIso(todayInItaly(), days);

/** A valid quotation (schema endpoint, tests, demo): valid for 30 days from the call. */
export const quotationExample = (): TQuotationInput => ({
  company: 'Compagnia Esempio S.p.A.',
  agency: '',
  premiumCents: 48_000,
  instalments: 2,
  personInjuryCents: RCA_LEGAL_MINIMUMS.default.personInjuryCents,
  propertyDamageCents: RCA_LEGAL_MINIMUMS.default.propertyDamageCents,
  covers: [
    { code: 'fireTheft', label: RCA_COVERS.fireTheft, limitCents: 1_500_000, deductibleCents: 25_000 },
    { code: 'roadsideAssistance', label: RCA_COVERS.roadsideAssistance, limitCents: null, deductibleCents: null },
  ],
  conditions: 'Scoperto furto 10% con minimo 250 €.',
  validUntil: inDays(30),
});

/** A valid quotation of a sector with an insured sum (schema endpoint, tests, demo), valid for 30 days from the call. */
export const insuredQuotationExample = (insuredCents = 50_000_000, covers: TQuotationCover[] = []): TInsuredQuotationInput => ({
  company: 'Compagnia Esempio S.p.A.',
  agency: '',
  premiumCents: 32_000,
  instalments: 1,
  insuredCents,
  covers,
  conditions: 'Franchigia fissa 250 € per sinistro.',
  validUntil: inDays(30),
});
