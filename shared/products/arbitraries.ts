import fc from 'fast-check';
import { ISO_DATE_YEARS, MAX_INSURED_CENTS } from '../practices/quotation';
import { addDaysIso } from '../practices/rca-settings';
import { dateBoundsOf, yearOf, type TAnswerValue, type TAnswers } from './answer-values';
import { conditionHolds, isRequiredFor } from './answers';
import {
  QUESTIONNAIRE_LIMITS,
  QUESTION_TYPES,
  defaultMaxLength,
  maxPercentCents,
  questionsOf,
  type TCondition,
  type TQuestion,
  type TQuestionInput,
  type TQuestionType,
  type TQuestionnaire,
  type TQuestionnaireInput,
} from './questionnaire';

/**
 * fast-check arbitraries for the property-based tests of `shared/products` (test support, imported by tests only):
 * questionnaires within the model (random sections, questions, limits, conditions on earlier questions, the cross
 * rules), and valid answers to a questionnaire that respect its conditions, in their stored (canonical) form.
 */

// ---------------------------------------------------------------------------------------------------------
// Values.

const TEXT_CHARS = [...'abcdefghijklmnopqrstuvwxyzàèéìòùABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:’\'"-()/€%'];
const TEXT_INNER_CHARS = [...TEXT_CHARS, ' ', ' ', '\n'];

/** A text of `min` to `max` characters, trimmed (no blank at either end), no control character but newlines inside. */
const textOf = (min: number, max: number, inner = TEXT_INNER_CHARS) => {
  const upper = Math.min(max, min + 60);
  return fc
    .tuple(fc.constantFrom(...TEXT_CHARS), fc.array(fc.constantFrom(...inner), { minLength: Math.max(0, min - 2), maxLength: Math.max(0, upper - 2) }), fc.constantFrom(...TEXT_CHARS))
    .map(([first, middle, last]) => (upper === 1 ? first : `${first}${middle.join('')}${last}`));
};

/** An integer in [lo, hi] (any size a double holds exactly). */
const integerIn = (lo: number, hi: number) => fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);

const PERSON_CFS = ['RSSMRA85T10A562S', 'BNCGNN80A41F205A', 'VRDLGU70M01H501F'] as const;

/** A partita IVA with a right check digit (7 digits, office 001-100, check digit). */
export const partitaIvaArb = fc.tuple(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 1, max: 100 })).map(([serial, office]) => {
  const body = `${String(serial).padStart(7, '0')}${String(office).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(body[i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
});

const IBANS = ['IT60X0542811101000000123456', 'DE89370400440532013000', 'GB82WEST12345698765432', 'NL91ABNA0417164300'] as const;
const EMAILS = ['mario.rossi@example.it', 'info@impresa-edile.it', 'protocollo@postacert.comune.milano.it'] as const;
const COMUNI = [
  { name: 'Milano', province: 'MI', istat: '015146' },
  { name: 'Forlì', province: 'FC', istat: '040012' },
  { name: 'L’Aquila', province: 'AQ' },
  { name: 'Reggio nell’Emilia', province: 'RE' },
] as const;

const DATE_FLOOR = '2000-01-01';
const DATE_CEILING = '2099-12-31';
/** The last day a date answer may hold (`ISO_DATE_YEARS.max`). */
const LAST_VALID_DAY = `${ISO_DATE_YEARS.max}-12-31`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A date in [lo, hi] (both ISO days). */
const dateIn = (lo: string, hi: string) => fc.integer({ min: 0, max: Math.max(0, daysBetween(lo, hi)) }).map((offset) => addDaysIso(lo, offset));

/**
 * A valid answer to one question on its own (its type and limits; the rules between questions are applied by
 * `answersArb`), in the form the schema outputs. `today` places the relative date limits.
 */
export const valueArb = (question: TQuestion, today: string, lowestMoney = 0): fc.Arbitrary<TAnswerValue> => {
  switch (question.type) {
    case 'text':
      switch (question.format) {
        case 'email':
          return fc.constantFrom(...EMAILS);
        case 'phone':
          return fc.stringMatching(/^\+?[0-9]{6,20}$/);
        case 'cap':
          return fc.stringMatching(/^[0-9]{5}$/);
        case 'cig':
          return fc.stringMatching(/^[A-Z0-9]{10}$/);
        case 'ateco':
          return fc.stringMatching(/^[0-9]{2}\.[0-9]{2}\.[0-9]{2}$/);
        default:
          return textOf(question.minLength ?? 1, defaultMaxLength(question), TEXT_CHARS.concat(' '));
      }
    case 'longText':
      return textOf(question.minLength ?? 1, defaultMaxLength(question));
    case 'number': {
      const lo = question.min ?? -QUESTIONNAIRE_LIMITS.numberBound;
      const hi = Math.min(question.max ?? QUESTIONNAIRE_LIMITS.numberBound, question.notAfterThisYear ? yearOf(today) : Infinity);
      return question.integer ? integerIn(Math.ceil(lo), Math.floor(hi)) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));
    }
    case 'money':
      return integerIn(Math.max(question.min ?? 0, lowestMoney), question.max ?? MAX_INSURED_CENTS);
    case 'percent':
      return integerIn(Math.round((question.min ?? 0) * 100), Math.round((question.max ?? 100) * 100)).map((hundredths) => hundredths / 100);
    case 'date': {
      const { min, max } = dateBoundsOf(question, today);
      return dateIn(min ?? DATE_FLOOR, max ?? DATE_CEILING);
    }
    case 'yesNo':
      return fc.boolean();
    case 'oneOf':
      return fc.constantFrom(...question.options.map((option) => option.value));
    case 'severalOf':
      return fc.shuffledSubarray(
        question.options.map((option) => option.value),
        { minLength: 1, maxLength: question.maxSelected ?? question.options.length },
      );
    case 'comune':
      return fc.constantFrom(...COMUNI).map((comune) => ({ ...comune }));
    case 'taxId':
      if (question.accepts === 'person') return fc.constantFrom(...PERSON_CFS);
      if (question.accepts === 'company') return partitaIvaArb;
      return fc.oneof(fc.constantFrom(...PERSON_CFS), partitaIvaArb);
    case 'iban':
      return fc.constantFrom(...IBANS);
    case 'file':
      return fc.uuid().map((id) => id.toLowerCase());
  }
};

/** The smallest amount a money question may take so that every amount capped at a percentage of it can be answered. */
export const lowestBaseCents = (question: TQuestion, questions: readonly TQuestion[]): number =>
  Math.max(
    0,
    ...questions.map((other) =>
      other.type === 'money' && other.maxPercentOf?.question === question.key ? Math.ceil(((other.min ?? 0) * 10_000) / Math.round(other.maxPercentOf.percent * 100)) : 0,
    ),
  );

/**
 * Valid answers to a questionnaire: for each question, in order, a value of its own and whether to answer it when
 * optional; the question is answered when it is shown and (required, or chosen to be). An amount capped at a
 * percentage of another is brought within its cap; a date that must follow another is moved after it. Answers are
 * canonical, so the schema's output equals them. `null` when the draw cannot be answered (filtered out).
 */
export const answersArb = (questionnaire: TQuestionnaire, today: string): fc.Arbitrary<TAnswers> => {
  const questions = questionsOf(questionnaire);
  const draws = questions.map((question) => fc.record({ value: valueArb(question, today, lowestBaseCents(question, questions)), answer: fc.boolean(), shift: fc.nat({ max: 400 }) }));
  return fc.tuple(...draws).map((drawn) => {
    const answers: TAnswers = {};
    questions.forEach((question, index) => {
      const draw = drawn[index]!;
      if (question.showWhen && !conditionHolds(question.showWhen, answers[question.showWhen.question])) return;
      if (!draw.answer && !isRequiredFor(question, answers)) return;
      let value = draw.value;
      if (question.type === 'money' && question.maxPercentOf && typeof answers[question.maxPercentOf.question] === 'number') {
        const cap = maxPercentCents(answers[question.maxPercentOf.question] as number, question.maxPercentOf.percent);
        const lo = question.min ?? 0;
        if ((value as number) > cap) value = lo + (((value as number) - lo) % (cap - lo + 1));
      }
      if (question.type === 'date' && question.after && typeof answers[question.after] === 'string' && (value as string) <= (answers[question.after] as string)) {
        const { max } = dateBoundsOf(question, today);
        // Never past the last valid day (year 2100), whatever the earlier date: a day after it still fits.
        const last = max !== undefined && max < LAST_VALID_DAY ? max : LAST_VALID_DAY;
        const moved = addDaysIso(answers[question.after] as string, 1 + draw.shift);
        value = moved > last ? last : moved;
      }
      answers[question.key] = value;
    });
    return answers;
  });
};

// ---------------------------------------------------------------------------------------------------------
// Questionnaires.

/** The draws a question is built from (its limits, and its conditions on earlier questions). */
type TQuestionDraw = {
  type: TQuestionType;
  required: boolean;
  conditions: 0 | 1 | 2 | 3;
  target: number;
  target2: number;
  op: number;
  pick: number;
  limits: [number, number];
  hasLimits: boolean;
  options: number;
  flag: boolean;
};

const questionDrawArb: fc.Arbitrary<TQuestionDraw> = fc.record({
  type: fc.constantFrom(...QUESTION_TYPES),
  required: fc.boolean(),
  conditions: fc.constantFrom(0, 0, 1, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>,
  target: fc.nat(),
  target2: fc.nat(),
  op: fc.nat(),
  pick: fc.nat(),
  limits: fc.tuple(fc.nat({ max: 10_000 }), fc.nat({ max: 10_000 })),
  hasLimits: fc.boolean(),
  options: fc.integer({ min: 2, max: 6 }),
  flag: fc.boolean(),
});

const NUMERIC: readonly TQuestionType[] = ['number', 'money', 'percent'];

/** A condition on one of the earlier questions, of an operator and value that suit it. */
const conditionOn = (target: TQuestion, draw: TQuestionDraw): TCondition => {
  const ops: TCondition['op'][] = ['answered'];
  if (target.type === 'yesNo') ops.push('isTrue', 'equals');
  if (NUMERIC.includes(target.type)) ops.push('gt', 'lt', 'equals', 'in');
  if (target.type === 'oneOf' || target.type === 'severalOf' || target.type === 'text' || target.type === 'longText') ops.push('equals', 'in');
  const op = ops[draw.op % ops.length]!;
  const numberOf = () => (target.type === 'percent' ? draw.pick % 101 : target.type === 'money' ? (draw.pick % 1000) * 100 : (draw.pick % 200) - 50);
  const stringOf = () => (target.type === 'oneOf' || target.type === 'severalOf' ? target.options[draw.pick % target.options.length]!.value : 'abc');
  switch (op) {
    case 'equals':
      return { question: target.key, op, value: target.type === 'yesNo' ? draw.pick % 2 === 0 : NUMERIC.includes(target.type) ? numberOf() : stringOf() };
    case 'in':
      return { question: target.key, op, values: NUMERIC.includes(target.type) ? [numberOf(), numberOf() + 1] : [stringOf()] };
    case 'gt':
    case 'lt':
      return { question: target.key, op, value: numberOf() };
    default:
      return { question: target.key, op } as TCondition;
  }
};

/** The limits of a question of this type, coherent by construction (a minimum never above its maximum). */
const limitsOf = (type: TQuestionType, draw: TQuestionDraw, earlier: readonly TQuestion[]): Partial<TQuestionInput> => {
  const [a, b] = draw.limits;
  const low = Math.min(a, b);
  const high = Math.max(a, b);
  // A year not after this one (a construction year): from a year at most 2000, so it can always be answered.
  if (type === 'number' && draw.flag && a % 4 === 0) return { integer: true, notAfterThisYear: true, ...(draw.hasLimits ? { min: low % 2001 } : {}) };
  if (!draw.hasLimits && type !== 'date' && type !== 'money') return {};
  switch (type) {
    case 'text':
      return draw.flag ? { format: (['email', 'phone', 'cap', 'cig', 'ateco'] as const)[a % 5] } : { minLength: 1 + (low % 20), maxLength: 1 + (low % 20) + (high % 200) };
    case 'longText':
      return { minLength: 1 + (low % 50), maxLength: Math.min(QUESTIONNAIRE_LIMITS.longTextMaxLength, 1 + (low % 50) + high) };
    case 'number':
      return draw.flag ? { integer: true, min: low - 5000, max: high } : { min: (low - 5000) / 7, max: high / 3 };
    case 'money': {
      const bases = earlier.filter((question) => question.type === 'money');
      const base = draw.flag && bases.length > 0 ? bases[draw.target2 % bases.length] : undefined;
      const limits = draw.hasLimits ? { min: low * 100, max: high * 100_000 } : {};
      if (!base) return limits;
      const percent = 1 + (a % 10_000) / 100;
      return { max: draw.hasLimits ? high * 100_000 : undefined, maxPercentOf: { question: base.key, percent: Math.min(percent, 100) } };
    }
    case 'percent':
      return { min: Math.min(low, 10_000) / 100, max: Math.min(high, 10_000) / 100 };
    case 'date': {
      const dates = earlier.filter((question) => question.type === 'date');
      const after = draw.flag && dates.length > 0 ? dates[draw.target2 % dates.length]!.key : undefined;
      if (after) return draw.hasLimits ? { after, minDaysFromToday: -(low % 400) } : { after };
      if (!draw.hasLimits) return {};
      return a % 2 === 0
        ? { minDate: addDaysIso('2020-01-01', low % 3000), maxDate: addDaysIso('2020-01-01', (low % 3000) + (high % 3000)) }
        : { minDaysFromToday: -(low % 400), maxDaysFromToday: high % 400 };
    }
    case 'severalOf':
      return { maxSelected: 1 + (a % draw.options) };
    case 'taxId':
      return { accepts: (['any', 'person', 'company'] as const)[a % 3] };
    default:
      return {};
  }
};

/** Questionnaires within the model: 1 to 5 sections, 1 to 30 questions, conditions and cross rules on earlier questions. */
export const questionnaireArb: fc.Arbitrary<TQuestionnaireInput> = fc
  .tuple(fc.array(questionDrawArb, { minLength: 1, maxLength: 30 }), fc.array(fc.nat(), { minLength: 5, maxLength: 5 }))
  .map(([draws, cuts]) => {
    const built: TQuestion[] = [];
    draws.forEach((draw, index) => {
      const key = `q${index}_${draw.type}`;
      const needsOptions = draw.type === 'oneOf' || draw.type === 'severalOf';
      const question = {
        key,
        type: draw.type,
        label: `Domanda ${index + 1}`,
        required: draw.required,
        ...(needsOptions ? { options: Array.from({ length: draw.options }, (_, option) => ({ value: `o${option}`, label: `Opzione ${option + 1}` })) } : {}),
        ...limitsOf(draw.type, draw, built),
      } as TQuestion;
      if (built.length > 0 && (draw.conditions === 1 || draw.conditions === 3)) question.showWhen = conditionOn(built[draw.target % built.length]!, draw);
      if (built.length > 0 && !draw.required && (draw.conditions === 2 || draw.conditions === 3)) question.requiredWhen = conditionOn(built[draw.target2 % built.length]!, { ...draw, op: draw.op + 1 });
      built.push(question);
    });
    const boundaries = [...new Set(cuts.map((cut) => cut % built.length).filter((cut) => cut > 0))].sort((x, y) => x - y);
    const starts = [0, ...boundaries];
    return {
      sections: starts.map((start, index) => ({ key: `s${index}`, title: `Sezione ${index + 1}`, questions: built.slice(start, starts[index + 1] ?? built.length) as TQuestionInput[] })),
    };
  });
