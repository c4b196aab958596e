import { QUESTIONNAIRE_LIMITS, QUESTION_KEY_PATTERN, type TConditionOp, type TQuestionInput, type TQuestionType } from '../../../../../shared/products/questionnaire';
import { ZProductInput, type TProduct, type TProductCommission, type TProductDocument, type TProductInput } from '../../../../../shared/schemas/products';

/**
 * The pure part of the admin's product editor (issue 29): the draft being edited (sections and questions with a
 * stable id each, for drag and drop and React keys, and whether their key was typed by hand), the product input it
 * stands for, its problems by path as the server would answer them, the key suggested from a label, the operators a
 * condition may use on a question of each type, and moving items in a list.
 */

export type TEditQuestion = { uid: string; keyEdited: boolean; question: TQuestionInput };
export type TEditSection = { uid: string; keyEdited: boolean; key: string; title: string; questions: TEditQuestion[] };
export type TEditorDraft = {
  name: string;
  description: string;
  active: boolean;
  sections: TEditSection[];
  documents: TProductDocument[];
  commission: TProductCommission;
};

let counter = 0;
/** A new id, unique in this page's life (never sent to the server). */
export const newUid = (prefix: string): string => `${prefix}-${++counter}`;

/** A key from a label: ASCII camelCase, starting with a lower-case letter, at most 40 characters ('' when no letter). */
export const keyFromLabel = (label: string): string => {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, ' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const joined = words.map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())).join('');
  const key = /^[0-9]/.test(joined) ? `n${joined}` : joined;
  return key.slice(0, 40);
};

/** A key from a label not among `taken` (a number added when needed); `fallback` when the label has no letter. */
export const uniqueKey = (label: string, taken: ReadonlySet<string>, fallback: string): string => {
  const base = keyFromLabel(label) || fallback;
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) {
    const suffix = String(index);
    const candidate = `${base.slice(0, 40 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
};

/** The keys of every question of the draft, but one (the question being renamed). */
export const questionKeysBut = (draft: Pick<TEditorDraft, 'sections'>, uid?: string): Set<string> =>
  new Set(draft.sections.flatMap((section) => section.questions.filter((entry) => entry.uid !== uid).map((entry) => entry.question.key)));

/** A new question of a type, with the limits the type needs (options for choices). */
export const newQuestion = (type: TQuestionType, taken: ReadonlySet<string>): TEditQuestion => {
  const key = uniqueKey('', taken, 'domanda');
  const base = { key, label: '', required: false };
  const question: TQuestionInput =
    type === 'oneOf' || type === 'severalOf'
      ? {
          ...base,
          type,
          options: [
            { value: 'opzione1', label: 'Opzione 1' },
            { value: 'opzione2', label: 'Opzione 2' },
          ],
        }
      : type === 'taxId'
        ? { ...base, type, accepts: 'any' }
        : ({ ...base, type } as TQuestionInput);
  return { uid: newUid('q'), keyEdited: false, question };
};

/** A question with some fields changed; a field set to `undefined` is removed (an optional limit cleared). */
export const patchQuestion = (question: TQuestionInput, patch: Record<string, unknown>): TQuestionInput => {
  const next: Record<string, unknown> = { ...question, ...patch };
  for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
  return next as TQuestionInput;
};

/** A copy of a question after the original, with a free key. */
export const duplicateQuestion = (entry: TEditQuestion, taken: ReadonlySet<string>): TEditQuestion => ({
  uid: newUid('q'),
  keyEdited: true,
  question: { ...structuredClone(entry.question), key: uniqueKey(entry.question.key, taken, 'domanda') },
});

export const newSection = (taken: ReadonlySet<string>): TEditSection => ({ uid: newUid('s'), keyEdited: false, key: uniqueKey('', taken, 'sezione'), title: '', questions: [] });

/** The empty product of «Nuovo prodotto»: one section to fill, a commission of 10% of the premium. */
export const emptyDraft = (): TEditorDraft => ({
  name: '',
  description: '',
  active: true,
  sections: [{ uid: newUid('s'), keyEdited: false, key: 'generale', title: 'Dati della richiesta', questions: [] }],
  documents: [],
  commission: { kind: 'percent', percent: 10 },
});

/** A saved product as the editor edits it (its draft). */
export const draftOf = (product: Pick<TProduct, 'name' | 'description' | 'active' | 'draft'>): TEditorDraft => ({
  name: product.name,
  description: product.description,
  active: product.active,
  sections: product.draft.questionnaire.sections.map((section) => ({
    uid: newUid('s'),
    keyEdited: true,
    key: section.key,
    title: section.title,
    questions: section.questions.map((question) => ({ uid: newUid('q'), keyEdited: true, question: structuredClone(question) as TQuestionInput })),
  })),
  documents: product.draft.documents.map((doc) => ({ ...doc })),
  commission: { ...product.draft.commission },
});

/** What the server receives for the draft (POST body, or `content` and the fields of a PATCH). */
export const inputOf = (draft: TEditorDraft): TProductInput => ({
  name: draft.name,
  description: draft.description,
  active: draft.active,
  content: {
    questionnaire: { sections: draft.sections.map((section) => ({ key: section.key, title: section.title, questions: section.questions.map((entry) => entry.question) })) },
    documents: draft.documents,
    commission: draft.commission,
  },
});

/** The problems of the draft, by dotted path of the product input ('content.questionnaire.sections.0.title'): the first message of each. */
export const issuesOfDraft = (draft: TEditorDraft): Map<string, string> => {
  const result = ZProductInput.safeParse(inputOf(draft));
  const issues = new Map<string, string>();
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!issues.has(path)) issues.set(path, issue.message);
  }
  return issues;
};

/**
 * The server's field errors as paths of the product input: tRPC checks its own input first (`product.…` on create,
 * `patch.…` on update), the service the body; both end up like the client's paths.
 */
export const serverIssuePaths = (fields: Record<string, string[]>): Map<string, string> => {
  const issues = new Map<string, string>();
  for (const [path, messages] of Object.entries(fields)) {
    const bare = path.replace(/^(product|patch)\./, '');
    if (!issues.has(bare) && messages.length > 0) issues.set(bare, messages.join('\n'));
  }
  return issues;
};

/** The roots of paths the editor shows on a field; a message on any other path goes above the form. */
export const isFieldPath = (path: string): boolean => /^(name|description|active|content)(\.|$)/.test(path);

/** The list with the item at `from` moved to `to`. */
export const move = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/** The Italian name of each condition operator. */
export const OPERATOR_LABELS: Readonly<Record<TConditionOp, string>> = {
  isTrue: 'è «Sì»',
  equals: 'è uguale a',
  in: 'è una tra',
  gt: 'è maggiore di',
  lt: 'è minore di',
  answered: 'ha una risposta',
};

/** The operators a condition may use on an earlier question of a type (the model's own check, `checkCondition`). */
export const operatorsFor = (type: TQuestionType): TConditionOp[] => {
  switch (type) {
    case 'yesNo':
      return ['isTrue', 'equals', 'answered'];
    case 'oneOf':
    case 'severalOf':
      return ['equals', 'in', 'answered'];
    case 'number':
    case 'money':
    case 'percent':
      return ['gt', 'lt', 'equals', 'answered'];
    case 'text':
    case 'longText':
      return ['equals', 'answered'];
    default:
      return ['answered'];
  }
};

/** The questions before one (in the questionnaire's order): what its conditions may read. */
export const questionsBefore = (draft: Pick<TEditorDraft, 'sections'>, uid: string): TQuestionInput[] => {
  const before: TQuestionInput[] = [];
  for (const section of draft.sections) {
    for (const entry of section.questions) {
      if (entry.uid === uid) return before;
      before.push(entry.question);
    }
  }
  return before;
};

/** The number of questions in the draft, and whether another one may be added. */
export const canAddQuestion = (draft: Pick<TEditorDraft, 'sections'>): boolean =>
  draft.sections.reduce((total, section) => total + section.questions.length, 0) < QUESTIONNAIRE_LIMITS.questions;

export const isValidKey = (key: string): boolean => QUESTION_KEY_PATTERN.test(key);

/** The conditions, `after` and `maxPercentOf` of every question made to read `to` where they read `from` (a key renamed). */
export const renameReferences = (sections: TEditSection[], from: string, to: string): TEditSection[] => {
  if (from === to) return sections;
  const renamed = (condition: unknown) =>
    condition && typeof condition === 'object' && (condition as { question?: unknown }).question === from ? { ...(condition as object), question: to } : condition;
  return sections.map((section) => ({
    ...section,
    questions: section.questions.map((entry) => {
      const question = entry.question as TQuestionInput & Record<string, unknown>;
      const next: Record<string, unknown> = { ...question };
      let isChanged = false;
      for (const field of ['showWhen', 'requiredWhen', 'maxPercentOf'] as const) {
        if (question[field] !== undefined && renamed(question[field]) !== question[field]) {
          next[field] = renamed(question[field]);
          isChanged = true;
        }
      }
      if (question.after === from) {
        next.after = to;
        isChanged = true;
      }
      return isChanged ? { ...entry, question: next as TQuestionInput } : entry;
    }),
  }));
};

/** The draft once saved: every key stays as it is (a label changed later no longer renames its question). */
export const freezeKeys = (draft: TEditorDraft): TEditorDraft => ({
  ...draft,
  sections: draft.sections.map((section) => ({ ...section, keyEdited: true, questions: section.questions.map((entry) => ({ ...entry, keyEdited: true })) })),
});
