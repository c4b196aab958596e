import { describe, expect, it } from 'vitest';
import { EXAMPLE_QUESTIONNAIRE } from './example-questionnaire';
import { QUESTIONNAIRE_MODEL_MSG as MSG } from './messages';
import { QUESTION_TYPES, ZQuestionnaire, maxPercentCents, questionsOf, type TQuestionInput, type TQuestionnaireInput } from './questionnaire';

// The questionnaire's own model (issue 29): what the admin's editor may publish, with Italian messages on the field.

const one = (...questions: TQuestionInput[]): TQuestionnaireInput => ({ sections: [{ key: 'main', title: 'Domande', questions }] });
const issuesOf = (input: unknown) => {
  const result = ZQuestionnaire.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};
const yes = (key = 'flag'): TQuestionInput => ({ key, type: 'yesNo', label: 'Sì o no?' });
const choice = (key = 'kind'): TQuestionInput => ({ key, type: 'oneOf', label: 'Tipo', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] });
const money = (key = 'amount', extra: Partial<TQuestionInput> = {}): TQuestionInput => ({ key, type: 'money', label: 'Importo', ...extra }) as TQuestionInput;

describe('the questionnaire model', () => {
  it('accepts the example questionnaire, which uses every type of question and every kind of condition', () => {
    expect(issuesOf(EXAMPLE_QUESTIONNAIRE)).toEqual([]);
    const questions = questionsOf(EXAMPLE_QUESTIONNAIRE);
    expect(new Set(questions.map((question) => question.type))).toEqual(new Set(QUESTION_TYPES));
    const ops = questions.flatMap((question) => [question.showWhen?.op, question.requiredWhen?.op]).filter(Boolean);
    expect(new Set(ops)).toEqual(new Set(['equals', 'in', 'gt', 'lt', 'isTrue', 'answered']));
    expect(questions.some((question) => question.type === 'money' && question.maxPercentOf?.percent === 4)).toBe(true);
    expect(questions.some((question) => question.type === 'date' && question.after)).toBe(true);
  });

  it('applies the defaults: not required, a tax id of a person or a company', () => {
    const parsed = ZQuestionnaire.parse(one({ key: 'who', type: 'taxId', label: 'CF o P. IVA' }));
    expect(parsed.sections[0]!.questions[0]).toMatchObject({ required: false, accepts: 'any' });
  });

  it('asks for 1 to 30 sections, each with a question, at most 200 questions in all', () => {
    expect(issuesOf({ sections: [] })).toEqual([{ path: 'sections', message: MSG.sectionsRequired }]);
    expect(issuesOf(null)).toEqual([{ path: '', message: MSG.invalid }]);
    const sections = Array.from({ length: 31 }, (_, index) => ({ key: `s${index}`, title: 'Sezione', questions: [yes(`q${index}`)] }));
    expect(issuesOf({ sections })).toEqual([{ path: 'sections', message: MSG.sectionsTooMany(30) }]);
    expect(issuesOf({ sections: [{ key: 'main', title: 'Vuota', questions: [] }] })).toEqual([{ path: 'sections.0.questions', message: MSG.sectionEmpty }]);
    const many = Array.from({ length: 20 }, (_, index) => ({ key: `s${index}`, title: 'Sezione', questions: Array.from({ length: 11 }, (_, q) => yes(`q${index}_${q}`)) }));
    expect(issuesOf({ sections: many })).toEqual([{ path: 'sections', message: MSG.questionsTooMany(200) }]);
  });

  it('refuses keys that are not slugs, and keys used twice', () => {
    expect(issuesOf(one(yes('Bad key')))).toEqual([{ path: 'sections.0.questions.0.key', message: MSG.keyInvalid }]);
    expect(issuesOf(one(yes('twice'), choice('twice')))).toEqual([{ path: 'sections.0.questions.1.key', message: MSG.questionKeyDuplicate('twice') }]);
    const sections = [
      { key: 'same', title: 'Uno', questions: [yes('a')] },
      { key: 'same', title: 'Due', questions: [yes('b')] },
    ];
    expect(issuesOf({ sections })).toEqual([{ path: 'sections.1.key', message: MSG.sectionKeyDuplicate('same') }]);
  });

  it('refuses an unknown type, a blank label, options repeated or too few', () => {
    expect(issuesOf(one({ key: 'x', type: 'colour', label: 'Colore' } as unknown as TQuestionInput))).toEqual([{ path: 'sections.0.questions.0.type', message: MSG.typeInvalid }]);
    expect(issuesOf(one({ key: 'x', type: 'yesNo', label: '   ' }))).toEqual([{ path: 'sections.0.questions.0.label', message: MSG.labelRequired }]);
    const repeated = { key: 'x', type: 'oneOf', label: 'Tipo', options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'Ancora A' }] } satisfies TQuestionInput;
    expect(issuesOf(one(repeated))).toEqual([{ path: 'sections.0.questions.0.options.1.value', message: MSG.optionDuplicate('a') }]);
    expect(issuesOf(one({ key: 'x', type: 'oneOf', label: 'Tipo', options: [{ value: 'a', label: 'A' }] }))).toEqual([{ path: 'sections.0.questions.0.options', message: MSG.optionsTooFew }]);
    const tooMany = { key: 'x', type: 'severalOf', label: 'Quali', maxSelected: 3, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] } satisfies TQuestionInput;
    expect(issuesOf(one(tooMany))).toEqual([{ path: 'sections.0.questions.0.maxSelected', message: MSG.maxSelectedInvalid }]);
  });

  it('refuses a minimum above the maximum, for every kind of limit', () => {
    expect(issuesOf(one({ key: 'x', type: 'text', label: 'T', minLength: 20, maxLength: 10 }))).toEqual([{ path: 'sections.0.questions.0.minLength', message: MSG.minAboveMax }]);
    expect(issuesOf(one({ key: 'x', type: 'text', label: 'T', minLength: 300 }))).toEqual([{ path: 'sections.0.questions.0.minLength', message: MSG.minAboveMax }]);
    expect(issuesOf(one({ key: 'x', type: 'number', label: 'N', min: 5, max: 1 }))).toEqual([{ path: 'sections.0.questions.0.min', message: MSG.minAboveMax }]);
    expect(issuesOf(one({ key: 'x', type: 'number', label: 'N', integer: true, min: 1.2, max: 1.5 }))).toEqual([{ path: 'sections.0.questions.0.min', message: MSG.minAboveMax }]);
    expect(issuesOf(one(money('x', { min: 500, max: 100 })))).toEqual([{ path: 'sections.0.questions.0.min', message: MSG.minAboveMax }]);
    expect(issuesOf(one({ key: 'x', type: 'percent', label: 'P', min: 60, max: 50 }))).toEqual([{ path: 'sections.0.questions.0.min', message: MSG.minAboveMax }]);
    expect(issuesOf(one({ key: 'x', type: 'date', label: 'D', minDate: '2027-01-02', maxDate: '2027-01-01' }))).toEqual([{ path: 'sections.0.questions.0.minDate', message: MSG.minAboveMax }]);
    expect(issuesOf(one({ key: 'x', type: 'date', label: 'D', minDaysFromToday: 5, maxDaysFromToday: 0 }))).toEqual([
      { path: 'sections.0.questions.0.minDaysFromToday', message: MSG.minAboveMax },
    ]);
  });

  it('asks a year not after this one to be a whole number', () => {
    expect(issuesOf(one({ key: 'x', type: 'number', label: 'Anno', notAfterThisYear: true }))).toEqual([{ path: 'sections.0.questions.0.notAfterThisYear', message: MSG.yearNeedsInteger }]);
    expect(issuesOf(one({ key: 'x', type: 'number', label: 'Anno', integer: true, min: 1000, notAfterThisYear: true }))).toEqual([]);
  });

  it('refuses length limits on a text of a set format (its length is given by the format)', () => {
    expect(issuesOf(one({ key: 'x', type: 'text', label: 'CIG', format: 'cig', maxLength: 5 }))).toEqual([{ path: 'sections.0.questions.0.format', message: MSG.formatWithLength }]);
  });

  it('refuses limits out of their type’s range: money in negative or fractional cents, percentages above 100 or with three decimals, impossible dates', () => {
    expect(issuesOf(one(money('x', { min: -1 })))).toEqual([{ path: 'sections.0.questions.0.min', message: MSG.limitInvalid }]);
    expect(issuesOf(one(money('x', { max: 10.5 })))).toEqual([{ path: 'sections.0.questions.0.max', message: MSG.limitInvalid }]);
    expect(issuesOf(one({ key: 'x', type: 'percent', label: 'P', max: 101 }))).toEqual([{ path: 'sections.0.questions.0.max', message: MSG.percentLimitInvalid }]);
    expect(issuesOf(one({ key: 'x', type: 'percent', label: 'P', max: 12.345 }))).toEqual([{ path: 'sections.0.questions.0.max', message: MSG.percentLimitInvalid }]);
    expect(issuesOf(one({ key: 'x', type: 'date', label: 'D', maxDate: '2027-02-30' }))).toEqual([{ path: 'sections.0.questions.0.maxDate', message: MSG.dateLimitInvalid }]);
    expect(issuesOf(one({ key: 'x', type: 'date', label: 'D', minDate: '2027-01-01', maxDaysFromToday: 0 }))).toEqual([{ path: 'sections.0.questions.0.minDate', message: MSG.dateLimitsMixed }]);
  });

  it('lets a condition read only an earlier question, of a type that suits the condition', () => {
    const at = (field: string) => `sections.0.questions.1.${field}`;
    expect(issuesOf(one(yes('a'), { ...yes('b'), showWhen: { question: 'a', op: 'isTrue' } }))).toEqual([]);
    // a later question, itself, an unknown one
    expect(issuesOf(one({ ...yes('b'), showWhen: { question: 'a', op: 'isTrue' } }, yes('a')))).toEqual([{ path: 'sections.0.questions.0.showWhen.question', message: MSG.conditionUnknown('a') }]);
    expect(issuesOf(one(yes('a'), { ...yes('b'), showWhen: { question: 'b', op: 'isTrue' } }))).toEqual([{ path: at('showWhen.question'), message: MSG.conditionUnknown('b') }]);
    // types
    expect(issuesOf(one(choice('a'), { ...yes('b'), showWhen: { question: 'a', op: 'isTrue' } }))).toEqual([{ path: at('showWhen.op'), message: MSG.conditionType('a') }]);
    expect(issuesOf(one(yes('a'), { ...yes('b'), requiredWhen: { question: 'a', op: 'gt', value: 3 } }))).toEqual([{ path: at('requiredWhen.op'), message: MSG.conditionType('a') }]);
    expect(issuesOf(one(money('a'), { ...yes('b'), showWhen: { question: 'a', op: 'equals', value: 'x' } }))).toEqual([{ path: at('showWhen.op'), message: MSG.conditionType('a') }]);
    expect(issuesOf(one(money('a'), { ...yes('b'), showWhen: { question: 'a', op: 'in', values: [1, 'x'] } }))).toEqual([{ path: at('showWhen.op'), message: MSG.conditionType('a') }]);
    expect(issuesOf(one(yes('a'), { ...yes('b'), showWhen: { question: 'a', op: 'equals', value: true } }))).toEqual([]);
    expect(issuesOf(one(money('a'), { ...yes('b'), showWhen: { question: 'a', op: 'gt', value: 100_00 } }))).toEqual([]);
    // values among the options
    expect(issuesOf(one(choice('a'), { ...yes('b'), showWhen: { question: 'a', op: 'in', values: ['a', 'z'] } }))).toEqual([{ path: at('showWhen.values.1'), message: MSG.conditionOption('z') }]);
    expect(issuesOf(one(choice('a'), { ...yes('b'), showWhen: { question: 'a', op: 'equals', value: 'z' } }))).toEqual([{ path: at('showWhen.value'), message: MSG.conditionOption('z') }]);
    expect(issuesOf(one(choice('a'), { ...yes('b'), showWhen: { question: 'a', op: 'in', values: [] } }))).toEqual([{ path: at('showWhen.values'), message: MSG.conditionValuesRequired }]);
    // any type may be "answered"
    expect(issuesOf(one({ key: 'a', type: 'file', label: 'File' }, { ...yes('b'), showWhen: { question: 'a', op: 'answered' } }))).toEqual([]);
  });

  it('refuses a condition of requirement on a question always required', () => {
    expect(issuesOf(one(yes('a'), { ...yes('b'), required: true, requiredWhen: { question: 'a', op: 'isTrue' } }))).toEqual([
      { path: 'sections.0.questions.1.requiredWhen', message: MSG.alreadyRequired },
    ]);
  });

  it('lets a date follow only an earlier date, and an amount be capped only by an earlier amount, with a cap that can be met', () => {
    const date = (key: string, extra = {}): TQuestionInput => ({ key, type: 'date', label: 'Data', ...extra });
    expect(issuesOf(one(date('start'), date('end', { after: 'start' })))).toEqual([]);
    expect(issuesOf(one(yes('start'), date('end', { after: 'start' })))).toEqual([{ path: 'sections.0.questions.1.after', message: MSG.afterUnknown('start') }]);
    expect(issuesOf(one(date('end', { after: 'start' }), date('start')))).toEqual([{ path: 'sections.0.questions.0.after', message: MSG.afterUnknown('start') }]);
    const capped = money('bond', { maxPercentOf: { question: 'value', percent: 4 } });
    expect(issuesOf(one(money('value'), capped))).toEqual([]);
    expect(issuesOf(one(capped, money('value')))).toEqual([{ path: 'sections.0.questions.0.maxPercentOf.question', message: MSG.percentOfUnknown('value') }]);
    expect(issuesOf(one({ key: 'value', type: 'number', label: 'N' }, capped))).toEqual([{ path: 'sections.0.questions.1.maxPercentOf.question', message: MSG.percentOfUnknown('value') }]);
    expect(issuesOf(one(money('value'), money('bond', { maxPercentOf: { question: 'value', percent: 0 } })))).toEqual([
      { path: 'sections.0.questions.1.maxPercentOf.percent', message: MSG.percentOfValue },
    ]);
    expect(issuesOf(one(money('value', { max: 1000 }), money('bond', { min: 41, maxPercentOf: { question: 'value', percent: 4 } })))).toEqual([
      { path: 'sections.0.questions.1.maxPercentOf.percent', message: MSG.percentOfImpossible },
    ]);
    expect(issuesOf(one(money('value', { max: 1000 }), money('bond', { min: 40, maxPercentOf: { question: 'value', percent: 4 } })))).toEqual([]);
  });

  it('computes the cap of a percentage exactly, rounded down to the cent, even on the largest amounts', () => {
    expect(maxPercentCents(25_000_000, 4)).toBe(1_000_000);
    expect(maxPercentCents(999, 4)).toBe(39);
    expect(maxPercentCents(1_000_000_000_000, 33.33)).toBe(333_300_000_000);
    expect(maxPercentCents(1_000_000_000_001, 100)).toBe(1_000_000_000_001);
    expect(maxPercentCents(12_345, 0.01)).toBe(1);
  });
});
