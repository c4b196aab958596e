import { z } from 'zod';
import { MAX_INSURED_CENTS, isIsoDate } from '../practices/quotation';
import { hasControlChars } from '../schemas/common';
import { QUESTIONNAIRE_MODEL_MSG as MSG } from './messages';

/**
 * The questionnaire of an admin-built product (issue 29): what a corner is asked when it requests a policy of altri
 * rami or a surety bond of that product. It is data, not code: the admin composes it in sections of questions,
 * publishes it as a version, and a practice keeps the version it was filled with. The same version is the schema
 * of the practice's answers (`answersSchemaOf` in `./answers`), the form the client renders, the JSON Schema the
 * sector's `/schema` document publishes and the rows printed in the practice's PDF.
 *
 * A question has a type (what kind of answer: a text, an amount in cents, a date, a choice among options, a comune,
 * a codice fiscale or partita IVA, an IBAN, a file), a key (where its answer is stored: answers are a flat object
 * keyed by question), a label, optional help, whether it is required, limits by type, and two conditions on an
 * *earlier* question: `showWhen` (asked only when the condition holds) and `requiredWhen` (required only when it
 * holds). Money questions may be capped at a percentage of an earlier money question (`maxPercentOf`: the 4% cap
 * on provisional tender bonds), dates may be required to follow an earlier date (`after`: a return after the
 * departure, the end of a guarantee after its start).
 */

/** The types of question, in the order the admin's editor offers them. */
export const QUESTION_TYPES = ['text', 'longText', 'number', 'money', 'percent', 'date', 'yesNo', 'oneOf', 'severalOf', 'comune', 'taxId', 'iban', 'file'] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];

/** The Italian name of each type (the editor's type picker). */
export const QUESTION_TYPE_LABELS: Readonly<Record<TQuestionType, string>> = {
  text: 'Testo breve',
  longText: 'Testo lungo',
  number: 'Numero',
  money: 'Importo in euro',
  percent: 'Percentuale',
  date: 'Data',
  yesNo: 'Sì / No',
  oneOf: 'Una scelta tra più opzioni',
  severalOf: 'Più scelte tra più opzioni',
  comune: 'Comune italiano',
  taxId: 'Codice fiscale o partita IVA',
  iban: 'IBAN',
  file: 'File allegato',
};

/** Formats a short text may be held to (each with its own Italian message). */
export const TEXT_FORMATS = ['email', 'phone', 'cap', 'cig', 'ateco'] as const;
export type TTextFormat = (typeof TEXT_FORMATS)[number];

/** Size limits of a questionnaire. */
export const QUESTIONNAIRE_LIMITS = {
  sections: 30,
  questions: 200,
  options: 100,
  textMaxLength: 500,
  textDefaultMaxLength: 200,
  longTextMaxLength: 10_000,
  longTextDefaultMaxLength: 2000,
  /** A number question's values stay within ± this (exact in a double, far beyond any business quantity). */
  numberBound: 1_000_000_000_000,
  /** Relative date limits: at most 100 years before or after today. */
  relativeDays: 36_500,
} as const;

/** A key: camelCase or snake_case, starting with a lower-case letter (it names the answer in the practice's data). */
export const QUESTION_KEY_PATTERN = /^[a-z][A-Za-z0-9_]{0,39}$/;
const OPTION_VALUE_PATTERN = /^[A-Za-z0-9_-]{1,60}$/;

const zPlainText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    .refine((value) => !hasControlChars(value), { error: message });

export const zQuestionKey = () => z.string({ error: MSG.keyInvalid }).regex(QUESTION_KEY_PATTERN, { error: MSG.keyInvalid });

/** The highest amount allowed at `percent`% (two decimals at most) of `baseCents`, rounded down to the cent; exact (bigint). */
export const maxPercentCents = (baseCents: number, percent: number): number => Number((BigInt(baseCents) * BigInt(Math.round(percent * 100))) / 10_000n);

/** True when a number has at most two decimals (percentages: 12.5, 33.33). */
export const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const zLength = (max: number) => z.number({ error: MSG.lengthLimitInvalid(max) }).int({ error: MSG.lengthLimitInvalid(max) }).min(1, { error: MSG.lengthLimitInvalid(max) }).max(max, { error: MSG.lengthLimitInvalid(max) });
const zNumberLimit = () =>
  z.number({ error: MSG.limitInvalid }).min(-QUESTIONNAIRE_LIMITS.numberBound, { error: MSG.limitInvalid }).max(QUESTIONNAIRE_LIMITS.numberBound, { error: MSG.limitInvalid });
const zCentsLimit = () => z.number({ error: MSG.limitInvalid }).int({ error: MSG.limitInvalid }).min(0, { error: MSG.limitInvalid }).max(MAX_INSURED_CENTS, { error: MSG.limitInvalid });
const zPercentLimit = () =>
  z.number({ error: MSG.percentLimitInvalid }).min(0, { error: MSG.percentLimitInvalid }).max(100, { error: MSG.percentLimitInvalid }).refine(hasAtMostTwoDecimals, { error: MSG.percentLimitInvalid });
const zDateLimit = () => z.string({ error: MSG.dateLimitInvalid }).refine(isIsoDate, { error: MSG.dateLimitInvalid });
const zDays = () =>
  z.number({ error: MSG.limitInvalid }).int({ error: MSG.limitInvalid }).min(-QUESTIONNAIRE_LIMITS.relativeDays, { error: MSG.limitInvalid }).max(QUESTIONNAIRE_LIMITS.relativeDays, { error: MSG.limitInvalid });

/**
 * A condition on an earlier question's answer. It holds only when that question is answered (an unanswered or
 * hidden question satisfies no condition, so a question shown after a hidden one is hidden too):
 * - `equals`: the answer is `value` (for a several-of question: `value` is among the options chosen);
 * - `in`: the answer is one of `values` (several-of: at least one chosen option is);
 * - `gt` / `lt`: a number, amount (in cents) or percentage strictly above / below `value`;
 * - `isTrue`: a yes/no answered yes;
 * - `answered`: any answer given.
 */
export const ZCondition = z.discriminatedUnion(
  'op',
  [
    z.object({ question: zQuestionKey(), op: z.literal('equals'), value: z.union([z.string({ error: MSG.limitInvalid }).max(200, { error: MSG.limitInvalid }), z.number({ error: MSG.limitInvalid }), z.boolean({ error: MSG.limitInvalid })], { error: MSG.limitInvalid }) }),
    z.object({
      question: zQuestionKey(),
      op: z.literal('in'),
      values: z
        .array(z.union([z.string({ error: MSG.limitInvalid }).max(200, { error: MSG.limitInvalid }), z.number({ error: MSG.limitInvalid })], { error: MSG.limitInvalid }), { error: MSG.conditionValuesRequired })
        .min(1, { error: MSG.conditionValuesRequired })
        .max(100, { error: MSG.conditionValuesRequired }),
    }),
    z.object({ question: zQuestionKey(), op: z.literal('gt'), value: z.number({ error: MSG.limitInvalid }) }),
    z.object({ question: zQuestionKey(), op: z.literal('lt'), value: z.number({ error: MSG.limitInvalid }) }),
    z.object({ question: zQuestionKey(), op: z.literal('isTrue') }),
    z.object({ question: zQuestionKey(), op: z.literal('answered') }),
  ],
  { error: MSG.limitInvalid },
);
export type TCondition = z.infer<typeof ZCondition>;
export type TConditionOp = TCondition['op'];

/** An option of a one-of or several-of question: `value` is stored in the answers, `label` is shown. */
export const ZOption = z.object(
  {
    value: z.string({ error: MSG.optionValueInvalid }).regex(OPTION_VALUE_PATTERN, { error: MSG.optionValueInvalid }),
    label: zPlainText(200, MSG.optionLabelRequired),
  },
  { error: MSG.optionLabelRequired },
);
export type TOption = z.infer<typeof ZOption>;

const zOptions = (min: number) =>
  z
    .array(ZOption, { error: MSG.optionsTooFew })
    .min(min, { error: MSG.optionsTooFew })
    .max(QUESTIONNAIRE_LIMITS.options, { error: MSG.optionsTooMany });

/** What every question has, whatever its type. */
const base = {
  key: zQuestionKey(),
  label: zPlainText(300, MSG.labelRequired),
  help: z
    .string({ error: MSG.helpTooLong })
    .trim()
    .max(1000, { error: MSG.helpTooLong })
    .refine((value) => !hasControlChars(value), { error: MSG.helpTooLong })
    .optional(),
  /** Always required when shown (otherwise only when `requiredWhen` holds, or never). */
  required: z.boolean({ error: MSG.limitInvalid }).default(false),
  /** Asked only when this condition on an earlier question holds; an answer to a question not asked is refused. */
  showWhen: ZCondition.optional(),
  /** Required only when this condition on an earlier question holds (and the question is shown). */
  requiredWhen: ZCondition.optional(),
};

/** One question of the questionnaire, by type (each with its limits). */
export const ZQuestion = z.discriminatedUnion(
  'type',
  [
    /** A short text (at most 500 characters), optionally of a known format (e-mail, phone, CAP, CIG, ATECO code). */
    z.object({ ...base, type: z.literal('text'), minLength: zLength(QUESTIONNAIRE_LIMITS.textMaxLength).optional(), maxLength: zLength(QUESTIONNAIRE_LIMITS.textMaxLength).optional(), format: z.enum(TEXT_FORMATS, { error: MSG.limitInvalid }).optional() }),
    /** A free text of several lines (default at most 2000 characters). */
    z.object({ ...base, type: z.literal('longText'), minLength: zLength(QUESTIONNAIRE_LIMITS.longTextMaxLength).optional(), maxLength: zLength(QUESTIONNAIRE_LIMITS.longTextMaxLength).optional() }),
    /**
     * A number (square metres, travellers, a year): whole when `integer`, within `min`/`max`; `notAfterThisYear`
     * makes it a year not after the current one (of the day the answers are checked: a construction year), and
     * needs `integer`.
     */
    z.object({
      ...base,
      type: z.literal('number'),
      integer: z.boolean({ error: MSG.limitInvalid }).optional(),
      min: zNumberLimit().optional(),
      max: zNumberLimit().optional(),
      notAfterThisYear: z.boolean({ error: MSG.limitInvalid }).optional(),
    }),
    /**
     * An amount in integer euro cents (never negative), within `min`/`max`; `maxPercentOf` caps it at `percent`% of
     * an earlier amount (rounded down to the cent), when that one is answered.
     */
    z.object({
      ...base,
      type: z.literal('money'),
      min: zCentsLimit().optional(),
      max: zCentsLimit().optional(),
      maxPercentOf: z
        .object(
          {
            question: zQuestionKey(),
            percent: z.number({ error: MSG.percentOfValue }).min(0.01, { error: MSG.percentOfValue }).max(100, { error: MSG.percentOfValue }).refine(hasAtMostTwoDecimals, { error: MSG.percentOfValue }),
          },
          { error: MSG.percentOfValue },
        )
        .optional(),
    }),
    /** A percentage from 0 to 100 with at most two decimals. */
    z.object({ ...base, type: z.literal('percent'), min: zPercentLimit().optional(), max: zPercentLimit().optional() }),
    /**
     * A calendar day (`YYYY-MM-DD`), within fixed limits (`minDate`/`maxDate`) or limits relative to the day the
     * answers are checked (`minDaysFromToday`/`maxDaysFromToday`: 0 and 0 = today; `maxDaysFromToday: 0` = not in
     * the future), and strictly after an earlier date question (`after`).
     */
    z.object({
      ...base,
      type: z.literal('date'),
      minDate: zDateLimit().optional(),
      maxDate: zDateLimit().optional(),
      minDaysFromToday: zDays().optional(),
      maxDaysFromToday: zDays().optional(),
      after: zQuestionKey().optional(),
    }),
    /** Yes or no (`true` / `false`). */
    z.object({ ...base, type: z.literal('yesNo') }),
    /** One option among at least two (the option's `value` is stored). */
    z.object({ ...base, type: z.literal('oneOf'), options: zOptions(2) }),
    /** Any number of options (each at most once), at most `maxSelected`; required means at least one. */
    z.object({ ...base, type: z.literal('severalOf'), options: zOptions(1), maxSelected: z.number({ error: MSG.maxSelectedInvalid }).int({ error: MSG.maxSelectedInvalid }).min(1, { error: MSG.maxSelectedInvalid }).optional() }),
    /**
     * An Italian comune: `{ name, province, istat? }` (name, 2-letter province code, and the 6-digit ISTAT code
     * when picked from the reference list, which the server can check against its `comuni` table).
     */
    z.object({ ...base, type: z.literal('comune') }),
    /** A codice fiscale of a person (16 characters) or a partita IVA / numeric codice fiscale of a company (11 digits). */
    z.object({ ...base, type: z.literal('taxId'), accepts: z.enum(['any', 'person', 'company'], { error: MSG.limitInvalid }).default('any') }),
    /** An IBAN (ISO 13616 check, stored in electronic format). */
    z.object({ ...base, type: z.literal('iban') }),
    /** A file uploaded with the practice: its id (uuid). */
    z.object({ ...base, type: z.literal('file') }),
  ],
  { error: MSG.typeInvalid },
);
export type TQuestion = z.output<typeof ZQuestion>;
export type TQuestionInput = z.input<typeof ZQuestion>;
export type TQuestionOf<T extends TQuestionType> = Extract<TQuestion, { type: T }>;

export const ZSection = z.object(
  {
    key: zQuestionKey(),
    title: zPlainText(120, MSG.titleRequired),
    questions: z.array(ZQuestion, { error: MSG.sectionEmpty }).min(1, { error: MSG.sectionEmpty }),
  },
  { error: MSG.titleRequired },
);
export type TSection = z.output<typeof ZSection>;

/** Every question of a questionnaire, in the order they are asked (sections in order, then questions). */
export const questionsOf = (questionnaire: { sections: readonly { questions: readonly TQuestion[] }[] }): TQuestion[] =>
  questionnaire.sections.flatMap((section) => section.questions);

type TPath = (string | number)[];
type TIssue = (path: TPath, message: string) => void;

const NUMERIC_TYPES: readonly TQuestionType[] = ['number', 'money', 'percent'];
const TEXT_TYPES: readonly TQuestionType[] = ['text', 'longText'];
const hasOptions = (question: TQuestion): question is TQuestionOf<'oneOf'> | TQuestionOf<'severalOf'> => question.type === 'oneOf' || question.type === 'severalOf';

/** Whether a condition suits the question it reads (its type, and its values among that question's options). */
const checkCondition = (condition: TCondition, earlier: ReadonlyMap<string, TQuestion>, path: TPath, issue: TIssue) => {
  const target = earlier.get(condition.question);
  if (!target) return issue([...path, 'question'], MSG.conditionUnknown(condition.question));
  const wrongType = () => issue([...path, 'op'], MSG.conditionType(target.key));
  const checkValues = (values: readonly (string | number | boolean)[], valuePath: (index: number) => TPath) => {
    const kinds = new Set(values.map((value) => typeof value));
    if (kinds.size === 0) return undefined;
    if (kinds.size !== 1) return wrongType();
    const kind = [...kinds][0];
    if (kind === 'boolean') return target.type === 'yesNo' ? undefined : wrongType();
    if (kind === 'number') return NUMERIC_TYPES.includes(target.type) ? undefined : wrongType();
    if (hasOptions(target)) {
      values.forEach((value, index) => {
        if (!target.options.some((option) => option.value === value)) issue(valuePath(index), MSG.conditionOption(String(value)));
      });
      return undefined;
    }
    return TEXT_TYPES.includes(target.type) ? undefined : wrongType();
  };
  switch (condition.op) {
    case 'equals':
      return checkValues([condition.value], () => [...path, 'value']);
    case 'in':
      return checkValues(condition.values, (index) => [...path, 'values', index]);
    case 'gt':
    case 'lt':
      return NUMERIC_TYPES.includes(target.type) ? undefined : wrongType();
    case 'isTrue':
      return target.type === 'yesNo' ? undefined : wrongType();
    case 'answered':
      return undefined;
  }
};

const checkMinMax = (question: { min?: number; max?: number }, path: TPath, issue: TIssue) => {
  if (question.min !== undefined && question.max !== undefined && question.min > question.max) issue([...path, 'min'], MSG.minAboveMax);
};

/** The checks of one question against the questions before it (`earlier`, keyed). */
const checkQuestion = (question: TQuestion, earlier: ReadonlyMap<string, TQuestion>, path: TPath, issue: TIssue) => {
  if (question.showWhen) checkCondition(question.showWhen, earlier, [...path, 'showWhen'], issue);
  if (question.requiredWhen) {
    checkCondition(question.requiredWhen, earlier, [...path, 'requiredWhen'], issue);
    if (question.required) issue([...path, 'requiredWhen'], MSG.alreadyRequired);
  }
  switch (question.type) {
    case 'text':
    case 'longText':
      if (question.type === 'text' && question.format && (question.minLength !== undefined || question.maxLength !== undefined)) issue([...path, 'format'], MSG.formatWithLength);
      if (question.minLength !== undefined && question.maxLength !== undefined && question.minLength > question.maxLength) issue([...path, 'minLength'], MSG.minAboveMax);
      if (question.maxLength === undefined && question.minLength !== undefined && question.minLength > defaultMaxLength(question)) issue([...path, 'minLength'], MSG.minAboveMax);
      return;
    case 'number':
      checkMinMax(question, path, issue);
      if (question.integer && question.min !== undefined && question.max !== undefined && Math.ceil(question.min) > Math.floor(question.max)) issue([...path, 'min'], MSG.minAboveMax);
      if (question.notAfterThisYear && !question.integer) issue([...path, 'notAfterThisYear'], MSG.yearNeedsInteger);
      return;
    case 'percent':
      return checkMinMax(question, path, issue);
    case 'money': {
      checkMinMax(question, path, issue);
      const cap = question.maxPercentOf;
      if (!cap) return;
      const other = earlier.get(cap.question);
      if (other?.type !== 'money') return issue([...path, 'maxPercentOf', 'question'], MSG.percentOfUnknown(cap.question));
      const highestOther = other.max ?? MAX_INSURED_CENTS;
      if ((question.min ?? 0) > maxPercentCents(highestOther, cap.percent)) issue([...path, 'maxPercentOf', 'percent'], MSG.percentOfImpossible);
      return;
    }
    case 'date': {
      const fixed = question.minDate !== undefined || question.maxDate !== undefined;
      const relative = question.minDaysFromToday !== undefined || question.maxDaysFromToday !== undefined;
      if (fixed && relative) issue([...path, 'minDate'], MSG.dateLimitsMixed);
      if (question.minDate && question.maxDate && question.minDate > question.maxDate) issue([...path, 'minDate'], MSG.minAboveMax);
      if (question.minDaysFromToday !== undefined && question.maxDaysFromToday !== undefined && question.minDaysFromToday > question.maxDaysFromToday) {
        issue([...path, 'minDaysFromToday'], MSG.minAboveMax);
      }
      if (question.after !== undefined && earlier.get(question.after)?.type !== 'date') issue([...path, 'after'], MSG.afterUnknown(question.after));
      return;
    }
    case 'oneOf':
    case 'severalOf': {
      const seen = new Set<string>();
      question.options.forEach((option, index) => {
        if (seen.has(option.value)) issue([...path, 'options', index, 'value'], MSG.optionDuplicate(option.value));
        seen.add(option.value);
      });
      if (question.type === 'severalOf' && question.maxSelected !== undefined && question.maxSelected > question.options.length) issue([...path, 'maxSelected'], MSG.maxSelectedInvalid);
      return;
    }
    default:
      return;
  }
};

/** The longest text a text question takes when the admin sets no `maxLength`. */
export const defaultMaxLength = (question: TQuestionOf<'text'> | TQuestionOf<'longText'>): number =>
  question.maxLength ?? (question.type === 'text' ? QUESTIONNAIRE_LIMITS.textDefaultMaxLength : QUESTIONNAIRE_LIMITS.longTextDefaultMaxLength);

/**
 * The checks across the questionnaire, with Italian messages on the offending field: section and question keys
 * unique, at most 200 questions, each condition, `after` and `maxPercentOf` naming an earlier question of a
 * suitable type (so answers are checked in one pass, top to bottom, and a form never depends on what comes later),
 * options unique, minimums not above maximums.
 */
const questionnaireRules = (questionnaire: { sections: TSection[] }, ctx: z.RefinementCtx) => {
  const issue: TIssue = (path, message) => ctx.addIssue({ code: 'custom', path, message });
  const total = questionsOf(questionnaire).length;
  if (total > QUESTIONNAIRE_LIMITS.questions) issue(['sections'], MSG.questionsTooMany(QUESTIONNAIRE_LIMITS.questions));
  const sectionKeys = new Set<string>();
  const earlier = new Map<string, TQuestion>();
  questionnaire.sections.forEach((section, sectionIndex) => {
    if (sectionKeys.has(section.key)) issue(['sections', sectionIndex, 'key'], MSG.sectionKeyDuplicate(section.key));
    sectionKeys.add(section.key);
    section.questions.forEach((question, questionIndex) => {
      const path: TPath = ['sections', sectionIndex, 'questions', questionIndex];
      if (earlier.has(question.key)) issue([...path, 'key'], MSG.questionKeyDuplicate(question.key));
      checkQuestion(question, earlier, path, issue);
      if (!earlier.has(question.key)) earlier.set(question.key, question);
    });
  });
};

/** A version of a product's questionnaire: its sections of questions (1 to 30 sections, at most 200 questions). */
export const ZQuestionnaire = z
  .object(
    {
      sections: z
        .array(ZSection, { error: MSG.sectionsRequired })
        .min(1, { error: MSG.sectionsRequired })
        .max(QUESTIONNAIRE_LIMITS.sections, { error: MSG.sectionsTooMany(QUESTIONNAIRE_LIMITS.sections) }),
    },
    { error: MSG.invalid },
  )
  .superRefine(questionnaireRules);
export type TQuestionnaire = z.output<typeof ZQuestionnaire>;
export type TQuestionnaireInput = z.input<typeof ZQuestionnaire>;
