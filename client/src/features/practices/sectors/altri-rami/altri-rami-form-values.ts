import { ALTRI_RAMI_MSG, ZAltriRamiData, type TAltriRamiData } from '../../../../../../shared/practices/altri-rami';
import type { TQuestionnaire } from '../../../../../../shared/products/questionnaire';
import { answerErrorsOf, formErrorsOfServer, productErrorOf, productFormPath, productInputOf, productValuesOf, type TProductFormValues } from '../products/product-form-values';

/**
 * The altri rami request form as its inputs hold it (issue 29): the product chosen and the answers to its version's
 * questionnaire, then the sector's own fields under the same paths as the request data (`currentPolicy.company`,
 * `covers.2`), so the schema's and the server's messages land under the right input; empty numbers as '', the
 * policy in force behind a switch, money in euro.
 */
export type TAltriRamiFormValues = TProductFormValues & {
  description: string;
  /** Euro, as typed (DecimalInput); sent in cents, null when left to the broker. */
  insuredCents: number | null;
  startDate: string | null;
  durationYears: number | '';
  hasCurrentPolicy: boolean;
  currentPolicy: { company: string; expiryDate: string | null };
  covers: string[];
  notes: string;
};

export const EMPTY_ALTRI_RAMI_FORM: TAltriRamiFormValues = {
  product: null,
  answers: {},
  description: '',
  insuredCents: null,
  startDate: null,
  durationYears: 1,
  hasCurrentPolicy: false,
  currentPolicy: { company: '', expiryDate: null },
  covers: [],
  notes: '',
};

const num = (value: number | '' | null | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const text = (value: string | null | undefined): string => value ?? '';
const cents = (euro: number | null): number | undefined => (euro === null ? undefined : Math.round(euro * 100));
const euro = (value: number | null | undefined): number | null => (typeof value === 'number' ? value / 100 : null);

/**
 * What is sent as the practice's `data` (checked again by the server with the same schema, the answers by the
 * version's questionnaire): the product as `{id, version}`, the answers of the questions shown only.
 */
export const toAltriRamiInput = (values: TAltriRamiFormValues, questionnaire: TQuestionnaire | null): Record<string, unknown> => ({
  ...productInputOf(values, questionnaire),
  description: values.description,
  insuredCents: values.insuredCents === null ? null : cents(values.insuredCents),
  startDate: text(values.startDate),
  // A cleared duration is an error to show, not the default year.
  durationYears: num(values.durationYears) ?? Number.NaN,
  currentPolicy: values.hasCurrentPolicy ? { company: values.currentPolicy.company, expiryDate: text(values.currentPolicy.expiryDate) } : null,
  covers: values.covers,
  notes: values.notes,
});

/** A saved request back into the form (editing a practice still in quotation): its own product and version. */
export const toAltriRamiFormValues = (data: TAltriRamiData): TAltriRamiFormValues => ({
  ...productValuesOf(data),
  description: data.description,
  insuredCents: euro(data.insuredCents),
  startDate: data.startDate,
  durationYears: data.durationYears,
  hasCurrentPolicy: data.currentPolicy !== null,
  currentPolicy: data.currentPolicy ? { ...data.currentPolicy } : EMPTY_ALTRI_RAMI_FORM.currentPolicy,
  covers: [...data.covers],
  notes: data.notes,
});

/** The saved data as the form holds it; data the schema no longer accepts starts from an empty form. */
export const initialAltriRamiValues = (data: unknown): TAltriRamiFormValues => {
  if (data === undefined) return EMPTY_ALTRI_RAMI_FORM;
  const parsed = ZAltriRamiData.safeParse(data);
  // Its product and answers are kept all the same: the form stays on the practice's own version.
  return parsed.success ? toAltriRamiFormValues(parsed.data) : { ...EMPTY_ALTRI_RAMI_FORM, ...productValuesOf(data) };
};

/** The schema speaks of cents to integrators; the form's money fields are in euro. */
const FORM_MESSAGES: Record<string, string> = {
  [ALTRI_RAMI_MSG.insuredInvalid]: 'Indica la somma assicurata o il massimale in euro (un importo positivo), o lascia vuoto.',
};

/** A message under the form's input (the form's own wording where it differs from the schema's). */
export const formMessage = (message: string): string => FORM_MESSAGES[message] ?? message;

/** A single cover's message (`covers.3`) shows under the tags input; the product's under the picker; an answer's at its question. */
const inputOf = (path: string): string => (path.split('.')[0] === 'covers' ? 'covers' : productFormPath(path));

/**
 * Every problem of the request, by form path, with the schema the server uses and the questionnaire of the chosen
 * version: no product, a description too short, a cleared duration, a repeated cover (named, under the covers),
 * each answer's problem under `answers.<key>`. The answers are not checked while the questionnaire is unknown.
 */
export const checkAltriRamiForm = (values: TAltriRamiFormValues, questionnaire: TQuestionnaire | null, today?: string): Record<string, string> => {
  const errors: Record<string, string> = { ...productErrorOf(values) };
  const result = ZAltriRamiData.safeParse(toAltriRamiInput(values, questionnaire));
  for (const issue of result.success ? [] : result.error.issues) {
    const isCover = issue.path[0] === 'covers' && issue.path.length > 1;
    const path = inputOf(issue.path.map(String).join('.'));
    const message = isCover ? `«${values.covers[Number(issue.path[1])]?.trim() ?? ''}»: ${issue.message}` : formMessage(issue.message);
    errors[path] ??= message;
  }
  return { ...errors, ...answerErrorsOf(questionnaire, values.answers, today) };
};

/** The server's field messages under the form's inputs (a cover's under the covers, in the form's wording). */
export const altriRamiServerErrors = (fields: Readonly<Record<string, readonly string[]>>): Record<string, string> =>
  formErrorsOfServer(fields, { inputOf, message: (messages) => messages.map(formMessage).join('\n') });
