import { formatEuroCents } from '../practices/quotation';
import type { TAnswers } from './answer-values';
import { visibleQuestions } from './answers';
import type { TQuestion, TQuestionnaire } from './questionnaire';

/**
 * A practice's answers as people read them (its page, the printed pack, the PDFs), with the labels of the version
 * it was filled with: the questions asked, in order, each with its answer written in Italian (amounts in euro,
 * dates dd/mm/yyyy, Sì/No, options by label, a comune with its province); a question left unanswered shows «—».
 */

export type TAnswerRow = [label: string, value: string];

/** The text shown for a question not answered. */
export const NO_ANSWER = '—';

const numberFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 6, useGrouping: true });
const percentFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
const isIso = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const optionLabel = (question: TQuestion, value: unknown): string => {
  const options = question.type === 'oneOf' || question.type === 'severalOf' ? question.options : [];
  return options.find((option) => option.value === value)?.label ?? String(value);
};

/** One answer in Italian (a value of an unexpected shape, from an old practice, is shown as it is). */
export const formatAnswer = (question: TQuestion, value: unknown): string => {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return NO_ANSWER;
  switch (question.type) {
    case 'money':
      return typeof value === 'number' ? formatEuroCents(value) : String(value);
    case 'number':
      // A year is written as a year (1975, not 1.975).
      return typeof value === 'number' ? (question.notAfterThisYear ? String(value) : numberFormat.format(value)) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${percentFormat.format(value)}%` : String(value);
    case 'date':
      return typeof value === 'string' && isIso(value) ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : String(value);
    case 'yesNo':
      return value === true ? 'Sì' : value === false ? 'No' : String(value);
    case 'oneOf':
      return optionLabel(question, value);
    case 'severalOf':
      return Array.isArray(value) ? value.map((item) => optionLabel(question, item)).join(', ') : optionLabel(question, value);
    case 'comune': {
      const comune = value as { name?: unknown; province?: unknown };
      return typeof comune === 'object' && typeof comune.name === 'string' ? `${comune.name}${typeof comune.province === 'string' && comune.province ? ` (${comune.province})` : ''}` : String(value);
    }
    case 'file':
      return 'File allegato';
    default:
      return String(value);
  }
};

/** The rows `[label, answer]` of the questions asked for these answers, in the questionnaire's order. */
export const answerRows = (questionnaire: TQuestionnaire, answers: Readonly<TAnswers> | Readonly<Record<string, unknown>>): TAnswerRow[] =>
  visibleQuestions(questionnaire, answers).map((question) => [question.label, formatAnswer(question, Object.hasOwn(answers, question.key) ? answers[question.key] : undefined)]);

/** The same rows grouped by section (title and rows), sections with no question asked left out: the PDF's layout. */
export const answerSections = (questionnaire: TQuestionnaire, answers: Readonly<Record<string, unknown>>): { title: string; rows: TAnswerRow[] }[] => {
  const visible = new Set(visibleQuestions(questionnaire, answers).map((question) => question.key));
  return questionnaire.sections
    .map((section) => ({
      title: section.title,
      rows: section.questions
        .filter((question) => visible.has(question.key))
        .map((question): TAnswerRow => [question.label, formatAnswer(question, Object.hasOwn(answers, question.key) ? answers[question.key] : undefined)]),
    }))
    .filter((section) => section.rows.length > 0);
};
