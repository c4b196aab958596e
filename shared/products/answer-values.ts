import { z } from 'zod';
import { MAX_INSURED_CENTS, isIsoDate } from '../practices/quotation';
import { addDaysIso } from '../practices/rca-settings';
import { decodePersonCf } from '../rules/client-record';
import { hasControlChars } from '../schemas/common';
import { isValidCompanyCf } from '../validation/codice-fiscale';
import { normalizeEmail, normalizeTaxCode } from '../validation/normalize';
import { ibanError, normalizeIban } from '../validation/utilities';
import { ANSWER_MSG as MSG } from './messages';
import { QUESTIONNAIRE_LIMITS, defaultMaxLength, hasAtMostTwoDecimals, type TQuestion, type TQuestionOf, type TTextFormat } from './questionnaire';

/**
 * The answer to one question, by type, as the practice's data stores it (after normalisation): text trimmed,
 * amounts in integer cents, dates `YYYY-MM-DD`, a yes/no as a boolean, chosen options by value, a comune as
 * `{ name, province, istat? }`, a codice fiscale / partita IVA upper case without blanks, an IBAN in electronic
 * format, a file by its id.
 */
export type TComuneAnswer = { name: string; province: string; istat?: string };
export type TAnswerValue = string | number | boolean | string[] | TComuneAnswer;
/** A practice's answers: a flat object keyed by question key; a question not answered (or not asked) has no key. */
export type TAnswers = Record<string, TAnswerValue>;

/**
 * Whether a raw value counts as no answer: absent, `null`, a blank text, no option chosen, a comune with neither
 * name nor province. A form sends these for the fields left empty; they are dropped from the stored answers.
 */
export const isUnanswered = (value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isUnanswered);
  return false;
};

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each text format: its normalisation and its check (the message is `ANSWER_MSG[format]`). */
const TEXT_FORMAT_RULES: Readonly<Record<TTextFormat, { normalize: (value: string) => string; isValid: (value: string) => boolean }>> = {
  email: { normalize: normalizeEmail, isValid: (value) => value.length <= 254 && z.email().safeParse(value).success },
  phone: { normalize: (value) => value.replace(/[ ().-]/g, ''), isValid: (value) => /^\+?[0-9]{6,20}$/.test(value) },
  cap: { normalize: (value) => value, isValid: (value) => /^\d{5}$/.test(value) },
  cig: { normalize: (value) => value.replace(/\s+/g, '').toUpperCase(), isValid: (value) => /^[A-Z0-9]{10}$/.test(value) },
  ateco: { normalize: (value) => value, isValid: (value) => /^\d{2}\.\d{2}\.\d{2}$/.test(value) },
};

const zAnyText = (question: TQuestionOf<'text'> | TQuestionOf<'longText'>) => {
  const max = defaultMaxLength(question);
  const min = question.minLength ?? 1;
  return z
    .string({ error: MSG.text })
    .trim()
    .refine((value) => !hasControlChars(value), { error: MSG.controlChars, abort: true })
    .refine((value) => value.length >= min, { error: MSG.tooShort(min), abort: true })
    .refine((value) => value.length <= max, { error: MSG.tooLong(max), abort: true });
};

const zTextAnswer = (question: TQuestionOf<'text'>) => {
  const format = question.format;
  if (!format) return zAnyText(question);
  const rule = TEXT_FORMAT_RULES[format];
  return zAnyText(question)
    .transform(rule.normalize)
    .refine(rule.isValid, { error: MSG[format] });
};

/** A bounded number: the type's own message when not a number, then the limits' messages. */
const zBounded = (base: z.ZodNumber, min: number | undefined, max: number | undefined, below: (min: number) => string, above: (max: number) => string) =>
  base
    .refine((value) => min === undefined || value >= min, { error: below(min ?? 0), abort: true })
    .refine((value) => max === undefined || value <= max, { error: above(max ?? 0), abort: true });

/** The current year of a day (`YYYY-MM-DD`): the latest answer of a `notAfterThisYear` question. */
export const yearOf = (today: string): number => Number(today.slice(0, 4));

const zNumberAnswer = (question: TQuestionOf<'number'>, today: string) => {
  const bound = QUESTIONNAIRE_LIMITS.numberBound;
  const number = z.number({ error: MSG.number }).refine((value) => !question.integer || Number.isInteger(value), { error: MSG.integer, abort: true });
  const bounded = zBounded(number, question.min ?? -bound, question.max ?? bound, MSG.numberBelow, MSG.numberAbove);
  if (!question.notAfterThisYear) return bounded;
  const year = yearOf(today);
  return bounded.refine((value) => value <= year, { error: MSG.yearInFuture, abort: true });
};

const zMoneyAnswer = (question: TQuestionOf<'money'>) =>
  zBounded(
    z.number({ error: MSG.money }).int({ error: MSG.money, abort: true }).min(0, { error: MSG.money, abort: true }),
    question.min,
    question.max ?? MAX_INSURED_CENTS,
    MSG.moneyBelow,
    MSG.moneyAbove,
  );

const zPercentAnswer = (question: TQuestionOf<'percent'>) =>
  zBounded(
    z.number({ error: MSG.percent }).min(0, { error: MSG.percent, abort: true }).max(100, { error: MSG.percent, abort: true }).refine(hasAtMostTwoDecimals, { error: MSG.percent, abort: true }),
    question.min,
    question.max,
    MSG.percentBelow,
    MSG.percentAbove,
  );

/** The earliest and latest day a date question accepts, given the day the answers are checked. */
export const dateBoundsOf = (question: TQuestionOf<'date'>, today: string): { min?: string; max?: string } => ({
  min: question.minDate ?? (question.minDaysFromToday === undefined ? undefined : addDaysIso(today, question.minDaysFromToday)),
  max: question.maxDate ?? (question.maxDaysFromToday === undefined ? undefined : addDaysIso(today, question.maxDaysFromToday)),
});

const zDateAnswer = (question: TQuestionOf<'date'>, today: string) => {
  const { min, max } = dateBoundsOf(question, today);
  return z
    .string({ error: MSG.date })
    .trim()
    .refine(isIsoDate, { error: MSG.date, abort: true })
    .refine((value) => min === undefined || value >= min, { error: MSG.dateBefore(min ?? ''), abort: true })
    .refine((value) => max === undefined || value <= max, { error: MSG.dateAfter(max ?? ''), abort: true });
};

const zSeveralOfAnswer = (question: TQuestionOf<'severalOf'>) => {
  const values = new Set(question.options.map((option) => option.value));
  return z
    .array(z.string({ error: MSG.options }).refine((value) => values.has(value), { error: MSG.options }), { error: MSG.options })
    .superRefine((chosen, ctx) => {
      chosen.forEach((value, index) => {
        if (chosen.indexOf(value) !== index) ctx.addIssue({ code: 'custom', path: [index], message: MSG.optionRepeated });
      });
      if (question.maxSelected !== undefined && chosen.length > question.maxSelected) ctx.addIssue({ code: 'custom', message: MSG.tooManySelected(question.maxSelected) });
    });
};

const zComuneAnswer = () =>
  z
    .object(
      {
        name: z.string({ error: MSG.comuneName }).trim().min(1, { error: MSG.comuneName }).max(100, { error: MSG.comuneName }).refine((value) => !hasControlChars(value), { error: MSG.comuneName }),
        province: z.string({ error: MSG.province }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: MSG.province }),
        istat: z.string({ error: MSG.istat }).trim().regex(/^(\d{6})?$/, { error: MSG.istat }).nullish(),
      },
      { error: MSG.comune },
    )
    .transform(({ name, province, istat }): TComuneAnswer => (istat ? { name, province, istat } : { name, province }));

const TAX_ID_RULES = {
  any: { message: MSG.taxIdAny, isValid: (value: string) => decodePersonCf(value) !== null || isValidCompanyCf(value) },
  person: { message: MSG.taxIdPerson, isValid: (value: string) => decodePersonCf(value) !== null },
  company: { message: MSG.taxIdCompany, isValid: isValidCompanyCf },
} as const;

const zTaxIdAnswer = (question: TQuestionOf<'taxId'>) => {
  const rule = TAX_ID_RULES[question.accepts];
  return z.string({ error: rule.message }).transform(normalizeTaxCode).refine(rule.isValid, { error: rule.message });
};

const zIbanAnswer = () =>
  z
    .string({ error: MSG.text })
    .transform(normalizeIban)
    .superRefine((value, ctx) => {
      const error = ibanError(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    });

/** Built schemas by question object (and day, for dates and years): building a zod schema costs far more than running it. */
const built = new WeakMap<TQuestion, Map<string, z.ZodType<TAnswerValue, unknown>>>();

/**
 * The schema of one question's answer, given that an answer was given (blank answers are "no answer", see
 * `isUnanswered`): its type, its limits (dates relative to `today`, a year not after `today`'s), Italian messages;
 * the output is the answer as stored. Rules across questions (conditions, `after`, `maxPercentOf`) are `answersSchemaOf`'s. The client may use
 * it to check a field as it is typed. Schemas are remembered per question object: questions are treated as
 * immutable (a changed question is a new object, as a parsed version or a React state update makes it).
 */
export const answerSchemaOf = (question: TQuestion, today: string): z.ZodType<TAnswerValue, unknown> => {
  const day = question.type === 'date' || (question.type === 'number' && question.notAfterThisYear) ? today : '';
  const byDay = built.get(question) ?? new Map<string, z.ZodType<TAnswerValue, unknown>>();
  built.set(question, byDay);
  const known = byDay.get(day);
  if (known) return known;
  const schema = buildAnswerSchema(question, today);
  byDay.set(day, schema);
  return schema;
};

const buildAnswerSchema = (question: TQuestion, today: string): z.ZodType<TAnswerValue, unknown> => {
  switch (question.type) {
    case 'text':
      return zTextAnswer(question);
    case 'longText':
      return zAnyText(question);
    case 'number':
      return zNumberAnswer(question, today);
    case 'money':
      return zMoneyAnswer(question);
    case 'percent':
      return zPercentAnswer(question);
    case 'date':
      return zDateAnswer(question, today);
    case 'yesNo':
      return z.boolean({ error: MSG.yesNo });
    case 'oneOf': {
      const values = new Set(question.options.map((option) => option.value));
      return z.string({ error: MSG.option }).refine((value) => values.has(value), { error: MSG.option });
    }
    case 'severalOf':
      return zSeveralOfAnswer(question);
    case 'comune':
      return zComuneAnswer();
    case 'taxId':
      return zTaxIdAnswer(question);
    case 'iban':
      return zIbanAnswer();
    case 'file':
      return z
        .string({ error: MSG.file })
        .trim()
        .regex(FILE_ID, { error: MSG.file })
        .transform((value) => value.toLowerCase());
  }
};
