import { ZFideiussioniData, type TFideiussioniData } from '../../../../../../shared/practices/fideiussioni';
import type { TQuestionnaire } from '../../../../../../shared/products/questionnaire';
import { answerErrorsOf, formErrorsOfServer, productErrorOf, productFormPath, productInputOf, productValuesOf, type TProductFormValues } from '../products/product-form-values';

/**
 * The fideiussioni request form as its inputs hold it (issue 29): the bond type chosen (a product the admin builds)
 * and the answers to its version's questionnaire (the amount guaranteed, the contract's value, the tender's CIG and
 * object where the type asks them), then the sector's own fields under the same paths as the request data
 * (`beneficiary.taxCode`, `endDate`), so the schema's and the server's messages land under the right input.
 */
export type TFideiussioniFormValues = TProductFormValues & {
  beneficiary: { name: string; taxCode: string; pec: string };
  startDate: string | null;
  endDate: string | null;
  obligation: string;
  notes: string;
};

export const EMPTY_FIDEIUSSIONI_FORM: TFideiussioniFormValues = {
  product: null,
  answers: {},
  beneficiary: { name: '', taxCode: '', pec: '' },
  startDate: null,
  endDate: null,
  obligation: '',
  notes: '',
};

const text = (value: string | null | undefined): string => value ?? '';

/**
 * What is sent as the practice's `data` (checked again by the server with the same schema, the answers by the
 * version's questionnaire): the type as `{id, version}`, the answers of the questions shown only.
 */
export const toFideiussioniInput = (values: TFideiussioniFormValues, questionnaire: TQuestionnaire | null): Record<string, unknown> => ({
  ...productInputOf(values, questionnaire),
  beneficiary: { ...values.beneficiary },
  startDate: text(values.startDate),
  endDate: text(values.endDate),
  obligation: values.obligation,
  notes: values.notes,
});

/** A saved request back into the form (editing a practice still in quotation): its own type and version. */
export const toFideiussioniFormValues = (data: TFideiussioniData): TFideiussioniFormValues => ({
  ...productValuesOf(data),
  beneficiary: { ...data.beneficiary },
  startDate: data.startDate,
  endDate: data.endDate,
  obligation: data.obligation,
  notes: data.notes,
});

/** The saved data as the form holds it; data the schema no longer accepts starts from an empty form. */
export const initialFideiussioniValues = (data: unknown): TFideiussioniFormValues => {
  if (data === undefined) return EMPTY_FIDEIUSSIONI_FORM;
  const parsed = ZFideiussioniData.safeParse(data);
  // Its product and answers are kept all the same: the form stays on the practice's own version.
  return parsed.success ? toFideiussioniFormValues(parsed.data) : { ...EMPTY_FIDEIUSSIONI_FORM, ...productValuesOf(data) };
};

/**
 * Every problem of the request, by form path, with the schema the server uses and the questionnaire of the chosen
 * version: no type, a beneficiary's tax code that is neither a codice fiscale nor a partita IVA, the end before the
 * start, each answer's problem under `answers.<key>` (a provisional bond above 4% of the tender, a tender without
 * CIG...). The answers are not checked while the questionnaire is unknown.
 */
export const checkFideiussioniForm = (values: TFideiussioniFormValues, questionnaire: TQuestionnaire | null, today?: string): Record<string, string> => {
  const errors: Record<string, string> = { ...productErrorOf(values) };
  const result = ZFideiussioniData.safeParse(toFideiussioniInput(values, questionnaire));
  for (const issue of result.success ? [] : result.error.issues) errors[productFormPath(issue.path.map(String).join('.'))] ??= issue.message;
  return { ...errors, ...answerErrorsOf(questionnaire, values.answers, today) };
};

/** The server's field messages under the form's inputs and questions. */
export const fideiussioniServerErrors = (fields: Readonly<Record<string, readonly string[]>>): Record<string, string> => formErrorsOfServer(fields);
