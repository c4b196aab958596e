import { z } from 'zod';
import { todayInItaly } from '../rules/italian-day';
import { answerSchemaOf, isUnanswered, type TAnswerValue, type TAnswers } from './answer-values';
import { ANSWER_MSG as MSG } from './messages';
import { maxPercentCents, questionsOf, type TCondition, type TQuestion, type TQuestionnaire } from './questionnaire';

/**
 * A practice's answers to a questionnaire version: which questions are asked given the answers so far
 * (`visibleQuestions`, the same for the client's form and the server), and the one schema that checks them
 * (`answersSchemaOf`). Answers are a flat object keyed by question key.
 *
 * Choices made here (and tested):
 * - a blank answer (`null`, `''`, `[]`) is no answer, and is dropped from the output;
 * - an answer to a question that is not asked (its `showWhen` does not hold) is **refused**, not silently dropped:
 *   the server never stores what the corner cannot see; the form clears those fields with `keepVisibleAnswers`
 *   before sending;
 * - a key that names no question is refused, with the message on that key;
 * - when an answer is wrong, the questions whose conditions read it are neither required nor refused (the one
 *   error shown is the one to correct).
 */

export type { TAnswerValue, TAnswers, TComuneAnswer } from './answer-values';
export { answerSchemaOf, isUnanswered } from './answer-values';

/** Whether a condition holds for the answer of the question it reads (`undefined`: not answered or not asked). */
export const conditionHolds = (condition: TCondition, answer: unknown): boolean => {
  if (isUnanswered(answer)) return false;
  const many = Array.isArray(answer) ? (answer as unknown[]) : [answer];
  switch (condition.op) {
    case 'equals':
      return many.includes(condition.value);
    case 'in':
      return many.some((value) => (condition.values as unknown[]).includes(value));
    case 'gt':
      return typeof answer === 'number' && answer > condition.value;
    case 'lt':
      return typeof answer === 'number' && answer < condition.value;
    case 'isTrue':
      return answer === true;
    case 'answered':
      return true;
  }
};

const answerOf = (answers: Readonly<Record<string, unknown>>, key: string): unknown => (Object.hasOwn(answers, key) ? answers[key] : undefined);

/**
 * The questions asked for these answers, in order: a question with `showWhen` is asked when its condition holds on
 * the answer of an earlier question that is itself asked (a hidden question's answer counts as none).
 */
export const visibleQuestions = (questionnaire: TQuestionnaire, answers: Readonly<Record<string, unknown>>): TQuestion[] => {
  const shown = new Map<string, unknown>();
  const visible: TQuestion[] = [];
  for (const question of questionsOf(questionnaire)) {
    if (question.showWhen && !conditionHolds(question.showWhen, shown.get(question.showWhen.question))) continue;
    visible.push(question);
    shown.set(question.key, answerOf(answers, question.key));
  }
  return visible;
};

/** Whether a question asked is required for these answers (always, or when its `requiredWhen` holds). */
export const isRequiredFor = (question: TQuestion, answers: Readonly<Record<string, unknown>>): boolean =>
  question.required || (question.requiredWhen !== undefined && conditionHolds(question.requiredWhen, answerOf(answers, question.requiredWhen.question)));

/** The answers of the questions asked only, blanks dropped: what a form sends after the corner changed a choice. */
export const keepVisibleAnswers = (questionnaire: TQuestionnaire, answers: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(
    visibleQuestions(questionnaire, answers)
      .filter((question) => !isUnanswered(answerOf(answers, question.key)))
      .map((question) => [question.key, answerOf(answers, question.key)]),
  );

export type TAnswersOptions = {
  /** The day the answers are checked (`YYYY-MM-DD`, Italy's calendar day by default): dates relative to today use it. */
  today?: string;
};

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** What the check knows of each question met so far: its stored answer, or that it is hidden or undecidable. */
type TKnown = { state: 'shown'; value: TAnswerValue | undefined } | { state: 'hidden' } | { state: 'unknown' };

/** A condition on what is known: true/false, or undefined when the question it reads had a wrong answer. */
const evaluate = (condition: TCondition, known: ReadonlyMap<string, TKnown>): boolean | undefined => {
  const target = known.get(condition.question);
  if (!target || target.state === 'hidden') return false;
  if (target.state === 'unknown') return undefined;
  return conditionHolds(condition, target.value);
};

const shownAnswer = (known: ReadonlyMap<string, TKnown>, key: string): TAnswerValue | undefined => {
  const target = known.get(key);
  return target?.state === 'shown' ? target.value : undefined;
};

/**
 * The schema of a practice's answers to a questionnaire version (the server's check; the client's form resolver):
 * each answer of its question's type and limits, each question asked answered when required (always, or when its
 * `requiredWhen` holds), no answer to a question not asked, no unknown key, a date after the one it must follow,
 * an amount within its percentage of another. Italian messages, each on the question's key (`[key, ...]`). The
 * output holds the answers of the questions asked, normalised, in the questionnaire's order.
 */
export const answersSchemaOf = (questionnaire: TQuestionnaire, options: TAnswersOptions = {}): z.ZodType<TAnswers, unknown> => {
  const questions = questionsOf(questionnaire);
  const byKey = new Map(questions.map((question) => [question.key, question]));
  return z.unknown().transform((input, ctx): TAnswers => {
    const answers = asRecord(input);
    if (!answers) {
      ctx.addIssue({ code: 'custom', message: MSG.notAnObject });
      return z.NEVER;
    }
    const today = options.today ?? todayInItaly();
    let failed = false;
    const issue = (path: (string | number)[], message: string) => {
      failed = true;
      ctx.addIssue({ code: 'custom', path, message });
    };
    for (const key of Object.keys(answers)) if (!byKey.has(key)) issue([key], MSG.unknownQuestion(key));

    const known = new Map<string, TKnown>();
    const output: TAnswers = {};
    for (const question of questions) {
      const raw = answerOf(answers, question.key);
      const answered = !isUnanswered(raw);
      const shown = question.showWhen ? evaluate(question.showWhen, known) : true;
      if (shown === false) {
        if (answered) issue([question.key], MSG.notAsked);
        known.set(question.key, { state: 'hidden' });
        continue;
      }
      if (!answered) {
        const required = question.required || (question.requiredWhen ? evaluate(question.requiredWhen, known) : false);
        if (shown && required) issue([question.key], MSG.required);
        known.set(question.key, shown ? { state: 'shown', value: undefined } : { state: 'unknown' });
        continue;
      }
      const parsed = answerSchemaOf(question, today).safeParse(raw);
      if (!parsed.success) {
        for (const problem of parsed.error.issues) issue([question.key, ...(problem.path as (string | number)[])], problem.message);
        known.set(question.key, { state: 'unknown' });
        continue;
      }
      const crossError = crossRuleMessage(question, parsed.data, (key) => shownAnswer(known, key), (key) => byKey.get(key)?.label ?? key);
      if (crossError) issue([question.key], crossError);
      // An answer refused by a rule between answers is as wrong as one refused by its own check: the questions whose
      // conditions read it are neither required nor refused (a form shows the one problem to correct, not its echoes).
      known.set(question.key, shown && !crossError ? { state: 'shown', value: parsed.data } : { state: 'unknown' });
      output[question.key] = parsed.data;
    }
    return failed ? z.NEVER : output;
  });
};

/**
 * The rules between two answers, given the stored answers of the questions asked before (`shownAnswer`): a date
 * after another (`after`), an amount within a percentage of another (`maxPercentOf`). The message, or null.
 */
export const crossRuleMessage = (
  question: TQuestion,
  value: TAnswerValue,
  shownAnswer: (key: string) => TAnswerValue | undefined,
  labelOf: (key: string) => string,
): string | null => {
  if (question.type === 'date' && question.after) {
    const before = shownAnswer(question.after);
    if (typeof before === 'string' && typeof value === 'string' && value <= before) return MSG.dateNotAfter(labelOf(question.after));
  }
  if (question.type === 'money' && question.maxPercentOf) {
    const base = shownAnswer(question.maxPercentOf.question);
    if (typeof base === 'number' && typeof value === 'number') {
      const cap = maxPercentCents(base, question.maxPercentOf.percent);
      if (value > cap) return MSG.percentOf(question.maxPercentOf.percent, labelOf(question.maxPercentOf.question), cap);
    }
  }
  return null;
};
