import { describe, expect, it } from 'vitest';
import { EXAMPLE_QUESTIONNAIRE } from '../../../../../shared/products/example-questionnaire';
import { QUESTIONNAIRE_MODEL_MSG } from '../../../../../shared/products/messages';
import { QUESTION_TYPES, ZQuestionnaire, type TQuestionInput } from '../../../../../shared/products/questionnaire';
import { PRODUCT_MSG } from '../../../../../shared/schemas/products';
import {
  draftOf,
  duplicateQuestion,
  emptyDraft,
  inputOf,
  issuesOfDraft,
  keyFromLabel,
  move,
  newQuestion,
  operatorsFor,
  questionKeysBut,
  questionsBefore,
  renameReferences,
  freezeKeys,
  serverIssuePaths,
  uniqueKey,
  type TEditorDraft,
} from './product-draft';

// The pure side of the admin's product editor (issue 29): keys suggested from labels, the draft ↔ product input,
// the problems by path as the server reports them, the operators offered per type.

const withQuestions = (draft: TEditorDraft, ...types: (typeof QUESTION_TYPES)[number][]): TEditorDraft => {
  const questions = types.map((type, index) => {
    const entry = newQuestion(type, new Set());
    return { ...entry, question: { ...entry.question, key: `q${index}`, label: `Domanda ${index}` } };
  });
  return { ...draft, name: 'Casa Serena', sections: draft.sections.map((section, index) => (index === 0 ? { ...section, questions } : section)) };
};

describe('product draft', () => {
  it('suggests a camelCase key from a label, free of the keys taken', () => {
    expect(keyFromLabel('Hai un animale domestico?')).toBe('haiUnAnimaleDomestico');
    expect(keyFromLabel('Città di nascita')).toBe('cittaDiNascita');
    expect(keyFromLabel('L’importo garantito')).toBe('lImportoGarantito');
    expect(keyFromLabel('2 figli')).toBe('n2Figli');
    expect(keyFromLabel('???')).toBe('');
    expect(keyFromLabel('a'.repeat(60))).toHaveLength(40);
    expect(uniqueKey('Età', new Set(['eta', 'eta2']), 'domanda')).toBe('eta3');
    expect(uniqueKey('', new Set(), 'domanda')).toBe('domanda');
  });

  it('makes a valid question of every type once labelled', () => {
    const draft = withQuestions(emptyDraft(), ...QUESTION_TYPES);
    expect(issuesOfDraft(draft)).toEqual(new Map());
    expect(ZQuestionnaire.safeParse(inputOf(draft).content.questionnaire).success).toBe(true);
  });

  it('reports problems at the path of the field, with the model’s Italian messages', () => {
    const empty = emptyDraft();
    const issues = issuesOfDraft(empty);
    expect(issues.get('name')).toBe(PRODUCT_MSG.nameRequired);
    expect(issues.get('content.questionnaire.sections.0.questions')).toBe(QUESTIONNAIRE_MODEL_MSG.sectionEmpty);

    const draft = withQuestions(emptyDraft(), 'yesNo', 'oneOf');
    const [yes, choice] = draft.sections[0]!.questions;
    const broken: TEditorDraft = {
      ...draft,
      sections: [
        {
          ...draft.sections[0]!,
          questions: [
            { ...yes!, question: { ...yes!.question, label: '', showWhen: { question: 'q1', op: 'isTrue' } } },
            { ...choice!, question: { ...choice!.question, key: 'Q 1', options: [{ value: 'a', label: 'A' }] } as TQuestionInput },
          ],
        },
      ],
    };
    const found = issuesOfDraft(broken);
    expect(found.get('content.questionnaire.sections.0.questions.0.label')).toBe(QUESTIONNAIRE_MODEL_MSG.labelRequired);
    expect(found.get('content.questionnaire.sections.0.questions.1.key')).toBe(QUESTIONNAIRE_MODEL_MSG.keyInvalid);
    expect(found.get('content.questionnaire.sections.0.questions.1.options')).toBe(QUESTIONNAIRE_MODEL_MSG.optionsTooFew);
  });

  it('reads a saved product back as the same input (round trip)', () => {
    const content = { questionnaire: EXAMPLE_QUESTIONNAIRE, documents: [{ key: 'bando', name: 'Bando di gara', required: true }], commission: { kind: 'fixed' as const, cents: 2500 } };
    const draft = draftOf({ name: 'Gara', description: 'Provvisoria', active: true, draft: content });
    expect(inputOf(draft)).toEqual({ name: 'Gara', description: 'Provvisoria', active: true, content });
    expect(issuesOfDraft(draft)).toEqual(new Map());
    const keys = questionKeysBut(draft);
    const copy = duplicateQuestion(draft.sections[0]!.questions[0]!, keys);
    expect(keys.has(copy.question.key)).toBe(false);
    expect(copy.uid).not.toBe(draft.sections[0]!.questions[0]!.uid);
  });

  it('offers the operators the model accepts for each type, and only earlier questions', () => {
    expect(operatorsFor('yesNo')).toContain('isTrue');
    expect(operatorsFor('oneOf')).toEqual(['equals', 'in', 'answered']);
    expect(operatorsFor('money')).toContain('gt');
    expect(operatorsFor('file')).toEqual(['answered']);
    const draft = withQuestions(emptyDraft(), 'yesNo', 'text', 'money');
    const [first, second, third] = draft.sections[0]!.questions;
    expect(questionsBefore(draft, first!.uid)).toEqual([]);
    expect(questionsBefore(draft, third!.uid).map((question) => question.key)).toEqual([first!.question.key, second!.question.key]);
    // Every operator offered on every type is one the model accepts.
    for (const type of QUESTION_TYPES) {
      for (const op of operatorsFor(type)) {
        const target = withQuestions(emptyDraft(), type, 'text');
        const [read, conditioned] = target.sections[0]!.questions;
        const value = type === 'yesNo' ? true : ['number', 'money', 'percent'].includes(type) ? 1 : type === 'oneOf' || type === 'severalOf' ? 'opzione1' : 'x';
        const condition = op === 'in' ? { question: read!.question.key, op, values: [value as string] } : op === 'equals' || op === 'gt' || op === 'lt' ? { question: read!.question.key, op, value } : { question: read!.question.key, op };
        const next = { ...target, sections: [{ ...target.sections[0]!, questions: [read!, { ...conditioned!, question: { ...conditioned!.question, showWhen: condition } as TQuestionInput }] }] };
        expect([type, op, issuesOfDraft(next as TEditorDraft)]).toEqual([type, op, new Map()]);
      }
    }
  });

  it('maps the server’s field paths (tRPC input or REST body) to the editor’s', () => {
    const mapped = serverIssuePaths({ 'product.content.questionnaire.sections.0.title': ['Titolo'], 'patch.name': ['Nome'], name: ['Doppio'], other: [] });
    expect([...mapped]).toEqual([
      ['content.questionnaire.sections.0.title', 'Titolo'],
      ['name', 'Nome'],
    ]);
  });

  it('renames a key in the conditions that read it, and freezes keys once saved', () => {
    const draft = withQuestions(emptyDraft(), 'yesNo', 'text');
    const [yes, text] = draft.sections[0]!.questions;
    const conditioned = { ...draft, sections: [{ ...draft.sections[0]!, questions: [yes!, { ...text!, question: { ...text!.question, showWhen: { question: 'q0', op: 'isTrue' as const } } }] }] };
    const renamed = renameReferences(conditioned.sections, 'q0', 'haCane');
    expect(renamed[0]!.questions[1]!.question.showWhen).toEqual({ question: 'haCane', op: 'isTrue' });
    expect(renamed[0]!.questions[0]).toBe(yes);
    expect(freezeKeys(draft).sections.every((section) => section.keyEdited && section.questions.every((entry) => entry.keyEdited))).toBe(true);
  });

  it('moves an item in a list', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
