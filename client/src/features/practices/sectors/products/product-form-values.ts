import { keepVisibleAnswers } from '../../../../../../shared/products/answers';
import { PRACTICE_PRODUCT_MSG, answersOfData, productOfData } from '../../../../../../shared/products/practice-product';
import { questionsOf, type TQuestionnaire } from '../../../../../../shared/products/questionnaire';
import { checkQuestionnaireAnswers } from '../../../../components/products/questionnaire-values';

/**
 * The pure side of a product sector's request form (issue 29: altri rami, fideiussioni): the product chosen and the
 * answers to its version's questionnaire beside the sector's own fields. The form holds the answers raw (as
 * QuestionnaireForm keeps them: answers of questions hidden since stay, so changing back brings them back) and
 * sends only the visible ones. Messages are keyed by form path: the sector's fields by their data path, the
 * product's under `product`, each answer under `answers.<question key>`.
 */

/** The product a request is filled with: what the client sends (`{id, version}`); the server adds the rest. */
export type TChosenProduct = { id: string; version: number };

/** What every product sector's form values hold besides the sector's own fields. */
export type TProductFormValues = { product: TChosenProduct | null; answers: Record<string, unknown> };

/** The product and answers of a saved practice, as the form holds them (none when the data names no product). */
export const productValuesOf = (data: unknown): TProductFormValues => {
  const product = productOfData(data);
  return { product: product ? { id: product.id, version: product.version } : null, answers: { ...answersOfData(data) } };
};

/** What is sent for the product and the answers: `{id, version}` only, and the answers of the questions shown. */
export const productInputOf = (values: TProductFormValues, questionnaire: TQuestionnaire | null): { product: TChosenProduct | undefined; answers: Record<string, unknown> } => ({
  product: values.product ? { id: values.product.id, version: values.product.version } : undefined,
  answers: questionnaire ? keepVisibleAnswers(questionnaire, values.answers) : { ...values.answers },
});

const ANSWERS = 'answers.';

/** The form path of a data path: anything of the product shows at the picker, an answer at its question. */
export const productFormPath = (path: string): string => {
  const parts = path.split('.');
  if (parts[0] === 'product') return 'product';
  if (parts[0] === 'answers' && parts.length > 1) return `${ANSWERS}${parts[1]}`;
  return path;
};

/**
 * The answers' problems of the form as the server would say them (the version's own check, on the questions shown):
 * `answers.<key>` → message. None while the questionnaire is not known (no product chosen, or still loading).
 */
export const answerErrorsOf = (questionnaire: TQuestionnaire | null, answers: Record<string, unknown>, today?: string): Record<string, string> => {
  if (!questionnaire) return {};
  const result = checkQuestionnaireAnswers(questionnaire, answers, today);
  if (result.ok) return {};
  // A problem of the answers as a whole (no question's key) stays under `answers`, shown above the buttons.
  return Object.fromEntries(Object.entries(result.errors).map(([key, message]) => [key ? `${ANSWERS}${key}` : 'answers', message]));
};

/** The product's own problem: none chosen. */
export const productErrorOf = (values: TProductFormValues): Record<string, string> => (values.product ? {} : { product: PRACTICE_PRODUCT_MSG.productRequired });

export type TPlacedErrors = {
  /** Messages under the form's own inputs (the sector's fields, `product`), by form path. */
  fields: Record<string, string>;
  /** Messages of the questionnaire, by question key (what QuestionnaireForm's `errors` takes). */
  answers: Record<string, string>;
  /** Messages that belong to no input on screen: shown above the buttons. */
  rest: string[];
};

/**
 * Where each message of a check shows: an answer's under its question (when the questionnaire on screen has it),
 * the rest of the form's under its input (`inputs`: the form's top-level fields), anything else above the buttons.
 */
export const placeErrors = (errors: Readonly<Record<string, string>>, { inputs, questionKeys }: { inputs: readonly string[]; questionKeys: ReadonlySet<string> }): TPlacedErrors => {
  const placed: TPlacedErrors = { fields: {}, answers: {}, rest: [] };
  for (const [path, message] of Object.entries(errors)) {
    // The answers have no input of their own: each question shows its message, the whole's goes above the buttons.
    const isAnswers = path === 'answers' || path.startsWith(ANSWERS);
    const key = path.slice(ANSWERS.length);
    if (isAnswers && questionKeys.has(key)) placed.answers[key] ??= message;
    else if (!isAnswers && inputs.includes(path.split('.')[0] ?? path)) placed.fields[path] ??= message;
    else if (!placed.rest.includes(message)) placed.rest.push(message);
  }
  return placed;
};

/**
 * The server's field messages (by data path, several per path) as form messages: each at its form path (`inputOf`:
 * the sector's mapping, after the product's and the answers'), worded by `message`, the first path's winning.
 */
export const formErrorsOfServer = (
  fields: Readonly<Record<string, readonly string[]>>,
  { inputOf = (path: string) => path, message = (messages: readonly string[]) => messages.join('\n') }: { inputOf?: (path: string) => string; message?: (messages: readonly string[]) => string } = {},
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields)) {
    if (messages.length === 0) continue;
    const formPath = productFormPath(path);
    const input = formPath === path ? inputOf(path) : formPath;
    errors[input] ??= message(messages);
  }
  return errors;
};

/** The keys of a questionnaire's questions (none when it is not known). */
export const questionKeysOf = (questionnaire: TQuestionnaire | null): ReadonlySet<string> => new Set(questionnaire ? questionsOf(questionnaire).map((question) => question.key) : []);
