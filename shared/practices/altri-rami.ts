import { z } from 'zod';
import { zOptionalText, zRequiredText, zText } from '../schemas/common';
import { SECTORS, type TInsuranceState } from '../sectors';
import type { TSectorDefinition } from './definition';
import { ALTRI_RAMI_QUESTIONNAIRE } from './questionnaire';
import { INSURANCE_STATE_RULES, POLICY_DOC, insuranceTransitions, type TPolicyDuration } from './insurance';
import { MAX_INSURED_CENTS, QUOTATION_MSG, ZInsuredQuotationInput, insuredQuotationExample, zIsoDate } from './quotation';
import { ZPracticeProduct, answersSearchText, productNameOf, subjectTextOf, zPracticeAnswers } from '../products/practice-product';
import { legacySnapshotOf } from '../products/legacy-catalogue';
import { ALTRI_RAMI_SETTING_SCHEMAS, ALTRI_RAMI_SETTINGS_DEFAULTS } from './rca-settings';

/**
 * How long a policy of altri rami may last (issue 26 point 4): multi-year contracts exist (home, injury, liability:
 * art. 1899 c.c., often five years with a discount), ten years is the longest the market writes.
 */
export const ALTRI_RAMI_POLICY_DURATION: TPolicyDuration = { maxPolicyMonths: 120 };

/**
 * Altri rami (the other insurance branches: home, injury, professional liability, travel...): the request's data
 * and the sector definition the practice engine runs. Same workflow as RC Auto (quotations, request for issue,
 * policy); the data say which product the admin built was chosen and its questionnaire's answers (issue 29: the
 * product's version checks them, server side), the risk to insure and the cover wanted. The contraente is the
 * practice's client.
 */

export const ALTRI_RAMI_MSG = {
  descriptionInvalid: 'Descrivi il rischio da assicurare (da 10 a 2000 caratteri).',
  insuredInvalid: 'Somma assicurata o massimale non valido: indicalo in centesimi, un importo positivo.',
  durationInvalid: 'La durata va da 1 a 10 anni (anni interi).',
  coverInvalid: 'Descrivi la garanzia in al massimo 100 caratteri.',
  coverEmpty: 'Garanzia vuota: scrivila o toglila.',
  coversTooMany: 'Al massimo 20 garanzie.',
  coverDuplicate: 'Garanzia già indicata.',
  currentPolicyInvalid: 'Indica compagnia e scadenza della polizza in corso.',
} as const;

const zInt = (message: string, min: number, max: number) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** The policy in force for the same risk, if any. */
export const ZAltriRamiCurrentPolicy = z.object({ company: zRequiredText(200), expiryDate: zIsoDate() }, { error: ALTRI_RAMI_MSG.currentPolicyInvalid });

const ZAltriRamiShape = z.object({
  /** The product chosen (issue 29): `{id, version}`; the server fills its name, documents and commission. */
  product: ZPracticeProduct,
  /** The answers to the product version's questionnaire, checked by the server against that version. */
  answers: zPracticeAnswers(),
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
  notes: zOptionalText(2000),
});

/** The covers each once (reported on the repeated one); runs even when other fields failed, so a form shows every problem at once. */
const altriRamiCrossFieldRules = (value: unknown, ctx: z.RefinementCtx) => {
  const covers = (value as { covers?: unknown }).covers;
  if (!Array.isArray(covers)) return;
  const seen = new Set<string>();
  covers.forEach((cover: unknown, index) => {
    if (typeof cover !== 'string') return;
    const key = cover.trim().toLowerCase();
    if (key !== '' && seen.has(key)) ctx.addIssue({ code: 'custom', path: ['covers', index], message: ALTRI_RAMI_MSG.coverDuplicate });
    seen.add(key);
  });
};

/** The data of an altri rami practice (create and every change; Italian messages). */
export const ZAltriRamiData = ZAltriRamiShape.superRefine(altriRamiCrossFieldRules, {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
});
export type TAltriRamiData = z.output<typeof ZAltriRamiData>;
export type TAltriRamiDataInput = z.input<typeof ZAltriRamiData>;

/** A valid request: a flat in Milan, owned, with the policy in force expiring and three covers. */
const ALTRI_RAMI_EXAMPLE: TAltriRamiData = {
  product: legacySnapshotOf('altri-rami', 'home'),
  answers: { street: 'Via Roma 10', comune: { name: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 1975, ownership: 'owner' },
  description: 'Abitazione principale in condominio, al terzo piano: incendio, furto e responsabilità civile della famiglia.',
  insuredCents: 30_000_000,
  startDate: '2027-01-01',
  durationYears: 1,
  currentPolicy: { company: 'Compagnia Esempio S.p.A.', expiryDate: '2026-12-31' },
  covers: ['Incendio e scoppio', 'Furto e rapina', 'RC della famiglia'],
  notes: '',
};

/** A text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
const shorten = (text: string, max = 60): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ') > max / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s,;:.]+$/, '')}…`;
};

/**
 * What names the insured thing in a title: the answer to the version's subject question (`subjectKeyOf`: the
 * dwelling's comune, the occupation, the destination...), else the description cut short.
 */
const subjectOf = (data: TAltriRamiData): string => {
  const key = data.product.subjectKey;
  return (key ? subjectTextOf(data.answers[key]) : '') || shorten(data.description);
};

export const altriRamiDefinition: TSectorDefinition<TAltriRamiData, TInsuranceState, typeof ALTRI_RAMI_SETTING_SCHEMAS, 'altri-rami'> = {
  sector: 'altri-rami',
  kind: 'insurance',
  settings: { schemas: ALTRI_RAMI_SETTING_SCHEMAS, defaults: ALTRI_RAMI_SETTINGS_DEFAULTS },
  insurance: {
    rules: (values) => ({ ...values.altriRamiConfig, docs: values.altriRamiDocs, revenue: values.altriRamiRevenue }),
    product: (data: TAltriRamiData) => `la polizza ${productNameOf(data)}`,
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
  title: (data) => [productNameOf(data), subjectOf(data)].filter(Boolean).join(' · '),
  searchText: (data) => [productNameOf(data), data.description, answersSearchText(data.answers), data.currentPolicy?.company, ...data.covers].filter(Boolean).join(' '),
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
