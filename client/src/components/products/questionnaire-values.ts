import { answerSchemaOf, answersSchemaOf, crossRuleMessage, isUnanswered, keepVisibleAnswers, visibleQuestions, type TAnswerValue, type TAnswers, type TComuneAnswer } from '../../../../shared/products/answers';
import { ANSWER_MSG } from '../../../../shared/products/messages';
import { questionsOf, type TQuestion, type TQuestionnaire } from '../../../../shared/products/questionnaire';
import { todayInItaly } from '../../../../shared/rules/italian-day';
import type { TComune } from '../../../../shared/schemas/geo';
import { formatDecimal, parseDecimal } from '../inputs/parse-decimal';

/**
 * The pure side of the questionnaire form (issue 29): euro as typed ↔ integer cents, the check of one field as the
 * user leaves it, and the whole check before sending. Every rule comes from `shared/products`, so what the form
 * says is what the server will say.
 */

/** Cents as the euro number an input edits (12345 → 123.45); null for no amount. */
export const centsToEuro = (cents: unknown): number | null => (typeof cents === 'number' && Number.isFinite(cents) ? cents / 100 : null);

/** The euro number an input read, as integer cents (123.45 → 12345; more than two decimals round to the cent). */
export const euroToCents = (euro: number | null): number | null => {
  if (euro === null || !Number.isFinite(euro)) return null;
  // toFixed first: 1.005 * 100 is 100.49999999999999 in a double, and the user typed 1,005 meaning 1,01.
  return Math.round(Number((euro * 100).toFixed(6))) + 0;
};

/** Euro typed the Italian way ("1.234,56", "12,5", "1234.56") as integer cents; null when the text is no amount. */
export const euroTextToCents = (text: string): number | null => euroToCents(parseDecimal(text));

/** Cents written as the money input shows them: "1.234,56", "12,50". */
export const centsToEuroText = (cents: number): string => formatDecimal(cents / 100, 2, 2);

/** The uuid of a stored file from its reference `files/<uuid>` (what an upload answers). */
export const fileIdOfPath = (path: string): string | null => /^files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(path)?.[1]?.toLowerCase() ?? null;

/** A comune answer as the comune picker holds it (an answer typed elsewhere, without ISTAT code, gets a stand-in one). */
export const comuneOfAnswer = (value: unknown): TComune | null => {
  if (typeof value !== 'object' || value === null) return null;
  const answer = value as Partial<TComuneAnswer>;
  if (typeof answer.name !== 'string' || !answer.name) return null;
  const province = typeof answer.province === 'string' ? answer.province : '';
  return {
    istat: answer.istat ?? `${answer.name}|${province}`,
    name: answer.name,
    sigla: province,
    provinceName: '',
    cadastralCode: '',
    caps: [],
    active: true,
    mergedInto: null,
  };
};

export const answerOfComune = (comune: TComune | null): TComuneAnswer | null =>
  comune ? (/^\d{6}$/.test(comune.istat) ? { name: comune.name, province: comune.sigla, istat: comune.istat } : { name: comune.name, province: comune.sigla }) : null;

/**
 * Numbers of a number question as Italians write them: comma for decimals, thousands grouped from five digits on
 * ("12.345", but "2024": a number question is often a year, which the always-grouping money input would show as
 * "2.024"). Up to 6 decimals, as the answers' display (`formatAnswer`) shows them.
 */
const numberText = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 6, useGrouping: 'min2' });
export const formatNumberAnswer = (value: number): string => numberText.format(value);

/** True when the value counts as no answer (then the form drops the key from its value). */
export const isBlankAnswer = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The answers with one answer set, or its key removed when the answer is blank. */
export const withAnswer = (answers: Readonly<Record<string, unknown>>, key: string, next: unknown): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...answers };
  if (isBlankAnswer(next)) delete copy[key];
  else copy[key] = next;
  return copy;
};

/**
 * The message of one answered field as the user leaves it: its type and limits (`answerSchemaOf`), then the rules
 * across questions (`after`, `maxPercentOf`) against the answers of the questions shown before it. A blank field
 * has no message here (whether it is required is said when the whole is checked, not while the user moves
 * through the form). Null when the answer is fine.
 */
export const fieldMessage = (questionnaire: TQuestionnaire, question: TQuestion, answers: Readonly<Record<string, unknown>>, today: string = todayInItaly()): string | null => {
  const raw = Object.hasOwn(answers, question.key) ? answers[question.key] : undefined;
  if (isUnanswered(raw)) return null;
  const parsed = answerSchemaOf(question, today).safeParse(raw);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? ANSWER_MSG.required;
  const shown = new Set(visibleQuestions(questionnaire, answers).map((item) => item.key));
  const labels = new Map(questionsOf(questionnaire).map((item) => [item.key, item.label]));
  const shownAnswer = (key: string): TAnswerValue | undefined => {
    if (!shown.has(key) || !Object.hasOwn(answers, key)) return undefined;
    const other = questionsOf(questionnaire).find((item) => item.key === key);
    if (!other) return undefined;
    const otherParsed = answerSchemaOf(other, today).safeParse(answers[key]);
    return otherParsed.success ? otherParsed.data : undefined;
  };
  return crossRuleMessage(question, parsed.data, shownAnswer, (key) => labels.get(key) ?? key);
};

export type TQuestionnaireCheck = { ok: true; answers: TAnswers } | { ok: false; errors: Record<string, string> };

/**
 * The whole check before sending, the server's own (`answersSchemaOf`) on the answers of the questions shown
 * (`keepVisibleAnswers`: what the corner typed for a question hidden since is not sent): the normalised answers to
 * send, or the first message of each question by key.
 */
export const checkQuestionnaireAnswers = (questionnaire: TQuestionnaire, value: Record<string, unknown>, today: string = todayInItaly()): TQuestionnaireCheck => {
  const parsed = answersSchemaOf(questionnaire, { today }).safeParse(keepVisibleAnswers(questionnaire, value));
  if (parsed.success) return { ok: true, answers: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const name = typeof key === 'string' ? key : '';
    if (!Object.hasOwn(errors, name)) errors[name] = issue.message;
  }
  return { ok: false, errors };
};
