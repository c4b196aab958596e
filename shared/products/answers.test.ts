import { describe, expect, it } from 'vitest';
import { UTILITY_ID_MSG } from '../validation/utilities';
import { answerRows, answerSections } from './answer-rows';
import { answersSchemaOf, isRequiredFor, keepVisibleAnswers, visibleQuestions } from './answers';
import { EXAMPLE_QUESTIONNAIRE } from './example-questionnaire';
import { exampleOf, jsonSchemaOf } from './json-schema';
import { ANSWER_MSG as MSG } from './messages';
import { ZQuestionnaire, type TQuestionInput, type TQuestionnaire } from './questionnaire';

// A practice's answers checked against a questionnaire version (issue 29): each type, limit, condition and cross
// rule, with the Italian message on the question's key.

const TODAY = '2026-11-27';
const one = (...questions: TQuestionInput[]): TQuestionnaire => ZQuestionnaire.parse({ sections: [{ key: 'main', title: 'Domande', questions }] });
const check = (questionnaire: TQuestionnaire, answers: unknown) => {
  const result = answersSchemaOf(questionnaire, { today: TODAY }).safeParse(answers);
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, issues: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) };
};
const refused = (questionnaire: TQuestionnaire, answers: unknown) => {
  const result = check(questionnaire, answers);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(answers)}`);
  return result.issues;
};
const accepted = (questionnaire: TQuestionnaire, answers: unknown) => {
  const result = check(questionnaire, answers);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.data;
};
const single = (question: TQuestionInput) => one({ required: true, ...question } as TQuestionInput);
const on = (key: string, message: string) => [{ path: key, message }];

describe('answers: the object', () => {
  const questionnaire = single({ key: 'name', type: 'text', label: 'Nome' });

  it('is an object keyed by question, and a key of no question is refused on that key', () => {
    expect(refused(questionnaire, 'Mario')).toEqual(on('', MSG.notAnObject));
    expect(refused(questionnaire, ['Mario'])).toEqual(on('', MSG.notAnObject));
    expect(refused(questionnaire, { name: 'Mario', surname: 'Rossi' })).toEqual(on('surname', MSG.unknownQuestion('surname')));
    expect(refused(questionnaire, JSON.parse('{"name":"Mario","__proto__":{"x":1}}'))).toEqual(on('__proto__', MSG.unknownQuestion('__proto__')));
  });

  it('treats a blank answer as none: a required question is asked for, an optional one dropped from the output', () => {
    for (const blank of [undefined, null, '', '   ']) expect(refused(questionnaire, { name: blank })).toEqual(on('name', MSG.required));
    const optional = one({ key: 'name', type: 'text', label: 'Nome' }, { key: 'tags', type: 'severalOf', label: 'Etichette', options: [{ value: 'a', label: 'A' }] });
    expect(accepted(optional, { name: null, tags: [] })).toEqual({});
  });
});

describe('answers: each type', () => {
  it('text: trimmed, within its length, no control characters, formats normalised', () => {
    const text = single({ key: 'x', type: 'text', label: 'T', minLength: 3, maxLength: 5 });
    expect(accepted(text, { x: '  abc ' })).toEqual({ x: 'abc' });
    expect(refused(text, { x: 'ab' })).toEqual(on('x', MSG.tooShort(3)));
    expect(refused(text, { x: 'abcdef' })).toEqual(on('x', MSG.tooLong(5)));
    expect(refused(text, { x: 'a\u0000bc' })).toEqual(on('x', MSG.controlChars));
    expect(refused(text, { x: 12345 })).toEqual(on('x', MSG.text));
    expect(refused(single({ key: 'x', type: 'text', label: 'T' }), { x: 'a'.repeat(201) })).toEqual(on('x', MSG.tooLong(200)));
    const format = (name: 'email' | 'phone' | 'cap' | 'cig' | 'ateco') => single({ key: 'x', type: 'text', label: 'T', format: name });
    expect(accepted(format('email'), { x: ' Mario.Rossi@Example.it ' })).toEqual({ x: 'mario.rossi@example.it' });
    expect(refused(format('email'), { x: 'mario@' })).toEqual(on('x', MSG.email));
    expect(accepted(format('phone'), { x: '+39 02 1234-5678' })).toEqual({ x: '+390212345678' });
    expect(refused(format('phone'), { x: 'chiamami' })).toEqual(on('x', MSG.phone));
    expect(refused(format('cap'), { x: '2012' })).toEqual(on('x', MSG.cap));
    expect(accepted(format('cig'), { x: 'a0123 bc45d' })).toEqual({ x: 'A0123BC45D' });
    expect(refused(format('cig'), { x: 'A0123' })).toEqual(on('x', MSG.cig));
    expect(refused(format('ateco'), { x: '4711' })).toEqual(on('x', MSG.ateco));
  });

  it('longText: up to 2000 characters unless set otherwise', () => {
    const long = single({ key: 'x', type: 'longText', label: 'L' });
    expect(accepted(long, { x: 'a'.repeat(2000) })).toEqual({ x: 'a'.repeat(2000) });
    expect(refused(long, { x: 'a'.repeat(2001) })).toEqual(on('x', MSG.tooLong(2000)));
  });

  it('number: a number, whole when asked, within its limits', () => {
    const number = single({ key: 'x', type: 'number', label: 'N', integer: true, min: 1, max: 20 });
    expect(accepted(number, { x: 20 })).toEqual({ x: 20 });
    expect(refused(number, { x: '3' })).toEqual(on('x', MSG.number));
    expect(refused(number, { x: 2.5 })).toEqual(on('x', MSG.integer));
    expect(refused(number, { x: 0 })).toEqual(on('x', MSG.numberBelow(1)));
    expect(refused(number, { x: 21 })).toEqual(on('x', MSG.numberAbove(20)));
    expect(refused(number, { x: Number.NaN })).toEqual(on('x', MSG.number));
    expect(accepted(single({ key: 'x', type: 'number', label: 'N' }), { x: -2.75 })).toEqual({ x: -2.75 });
  });

  it('number: a year not after the current year of the day the answers are checked (a construction year)', () => {
    const year = single({ key: 'x', type: 'number', label: 'Anno di costruzione', integer: true, min: 1000, notAfterThisYear: true });
    expect(accepted(year, { x: 2026 })).toEqual({ x: 2026 });
    expect(accepted(year, { x: 1975 })).toEqual({ x: 1975 });
    expect(refused(year, { x: 2027 })).toEqual(on('x', MSG.yearInFuture));
    expect(refused(year, { x: 999 })).toEqual(on('x', MSG.numberBelow(1000)));
    expect(refused(year, { x: 1975.5 })).toEqual(on('x', MSG.integer));
    // The same question on another day: the year moves with it (schemas are remembered per day).
    expect(answersSchemaOf(year, { today: '2027-01-01' }).safeParse({ x: 2027 }).success).toBe(true);
    expect(answersSchemaOf(year, { today: TODAY }).safeParse({ x: 2027 }).success).toBe(false);
    // Its example is a plausible year, and people read it as a year.
    const example = exampleOf(year, { today: TODAY });
    expect(example).toEqual({ x: 1996 });
    expect(answerRows(year, example)).toEqual([['Anno di costruzione', '1996']]);
    expect(exampleOf(single({ key: 'x', type: 'number', label: 'N', integer: true, min: 1000, max: 1500, notAfterThisYear: true }), { today: TODAY })).toEqual({ x: 1500 });
    // Integrators read the rule in the description (the year moves: no fixed maximum).
    expect(jsonSchemaOf(year).properties).toEqual({ x: { title: 'Anno di costruzione', description: 'Un anno: non successivo all’anno in corso.', type: 'integer', minimum: 1000, maximum: 1_000_000_000_000 } });
  });

  it('money: integer cents, never negative, within its limits (messages in euro)', () => {
    const money = single({ key: 'x', type: 'money', label: 'M', min: 100_00, max: 1_000_000_00 });
    expect(accepted(money, { x: 123_456 })).toEqual({ x: 123_456 });
    expect(refused(money, { x: 1234.5 })).toEqual(on('x', MSG.money));
    expect(refused(money, { x: -1 })).toEqual(on('x', MSG.money));
    expect(refused(money, { x: 99_99 })).toEqual(on('x', MSG.moneyBelow(100_00)));
    expect(MSG.moneyBelow(100_00)).toBe('L’importo minimo è 100,00\u00a0€.');
    expect(refused(money, { x: 1_000_000_01 })).toEqual(on('x', MSG.moneyAbove(1_000_000_00)));
  });

  it('percent: 0 to 100, two decimals at most, within its limits', () => {
    const percent = single({ key: 'x', type: 'percent', label: 'P', max: 50 });
    expect(accepted(percent, { x: 12.75 })).toEqual({ x: 12.75 });
    expect(accepted(percent, { x: 0.07 })).toEqual({ x: 0.07 });
    expect(refused(percent, { x: 12.755 })).toEqual(on('x', MSG.percent));
    expect(refused(percent, { x: -1 })).toEqual(on('x', MSG.percent));
    expect(refused(percent, { x: 50.5 })).toEqual(on('x', MSG.percentAbove(50)));
    expect(refused(single({ key: 'x', type: 'percent', label: 'P' }), { x: 100.01 })).toEqual(on('x', MSG.percent));
  });

  it('date: a real ISO day, within fixed limits or limits relative to today', () => {
    const fixed = single({ key: 'x', type: 'date', label: 'D', minDate: '2027-01-01', maxDate: '2027-12-31' });
    expect(accepted(fixed, { x: '2027-02-28' })).toEqual({ x: '2027-02-28' });
    expect(refused(fixed, { x: '2027-02-29' })).toEqual(on('x', MSG.date));
    expect(refused(fixed, { x: '28/02/2027' })).toEqual(on('x', MSG.date));
    expect(refused(fixed, { x: '2026-12-31' })).toEqual(on('x', MSG.dateBefore('2027-01-01')));
    expect(MSG.dateBefore('2027-01-01')).toBe('La data non può essere precedente al 01/01/2027.');
    expect(refused(fixed, { x: '2028-01-01' })).toEqual(on('x', MSG.dateAfter('2027-12-31')));
    const notFuture = single({ key: 'x', type: 'date', label: 'Nascita', maxDaysFromToday: 0 });
    expect(accepted(notFuture, { x: TODAY })).toEqual({ x: TODAY });
    expect(refused(notFuture, { x: '2026-11-28' })).toEqual(on('x', MSG.dateAfter('2026-11-27')));
    expect(check(notFuture, { x: '2026-11-28' }).ok).toBe(false);
    expect(answersSchemaOf(notFuture, { today: '2026-11-28' }).safeParse({ x: '2026-11-28' }).success).toBe(true);
  });

  it('yesNo, oneOf, severalOf: booleans and options by value', () => {
    expect(refused(single({ key: 'x', type: 'yesNo', label: 'S' }), { x: 'sì' })).toEqual(on('x', MSG.yesNo));
    expect(accepted(single({ key: 'x', type: 'yesNo', label: 'S' }), { x: false })).toEqual({ x: false });
    const oneOf = single({ key: 'x', type: 'oneOf', label: 'U', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] });
    expect(accepted(oneOf, { x: 'b' })).toEqual({ x: 'b' });
    expect(refused(oneOf, { x: 'c' })).toEqual(on('x', MSG.option));
    const several = single({ key: 'x', type: 'severalOf', label: 'P', maxSelected: 2, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }] });
    expect(accepted(several, { x: ['c', 'a'] })).toEqual({ x: ['c', 'a'] });
    expect(refused(several, { x: [] })).toEqual(on('x', MSG.required));
    expect(refused(several, { x: ['a', 'z'] })).toEqual(on('x.1', MSG.options));
    expect(refused(several, { x: ['a', 'a'] })).toEqual(on('x.1', MSG.optionRepeated));
    expect(refused(several, { x: ['a', 'b', 'c'] })).toEqual(on('x', MSG.tooManySelected(2)));
    expect(refused(several, { x: 'a' })).toEqual(on('x', MSG.options));
  });

  it('comune: a name and a province code, the ISTAT code when picked from the list', () => {
    const comune = single({ key: 'x', type: 'comune', label: 'Comune' });
    expect(accepted(comune, { x: { name: ' Milano ', province: 'mi', istat: '015146' } })).toEqual({ x: { name: 'Milano', province: 'MI', istat: '015146' } });
    expect(accepted(comune, { x: { name: 'Forlì', province: 'FC', istat: '' } })).toEqual({ x: { name: 'Forlì', province: 'FC' } });
    expect(refused(comune, { x: { name: 'Milano', province: 'Milano' } })).toEqual(on('x.province', MSG.province));
    expect(refused(comune, { x: { name: '', province: 'MI' } })).toEqual(on('x.name', MSG.comuneName));
    expect(refused(comune, { x: { name: 'Milano', province: 'MI', istat: '15146' } })).toEqual(on('x.istat', MSG.istat));
    expect(refused(comune, { x: 'Milano' })).toEqual(on('x', MSG.comune));
    expect(refused(comune, { x: { name: '', province: '' } })).toEqual(on('x', MSG.required));
  });

  it('taxId: a person’s codice fiscale or a company’s partita IVA, with their check characters, normalised', () => {
    const any = single({ key: 'x', type: 'taxId', label: 'CF' });
    expect(accepted(any, { x: ' rssmra85t10a562s ' })).toEqual({ x: 'RSSMRA85T10A562S' });
    expect(accepted(any, { x: '01199250158' })).toEqual({ x: '01199250158' });
    expect(refused(any, { x: 'RSSMRA85T10A562X' })).toEqual(on('x', MSG.taxIdAny));
    expect(refused(any, { x: '01199250159' })).toEqual(on('x', MSG.taxIdAny));
    expect(refused(single({ key: 'x', type: 'taxId', label: 'CF', accepts: 'person' }), { x: '01199250158' })).toEqual(on('x', MSG.taxIdPerson));
    expect(refused(single({ key: 'x', type: 'taxId', label: 'P. IVA', accepts: 'company' }), { x: 'RSSMRA85T10A562S' })).toEqual(on('x', MSG.taxIdCompany));
  });

  it('iban: the payouts’ check (ISO 13616), stored in electronic format', () => {
    const iban = single({ key: 'x', type: 'iban', label: 'IBAN' });
    expect(accepted(iban, { x: 'it60 x054 2811 1010 0000 0123 456' })).toEqual({ x: 'IT60X0542811101000000123456' });
    expect(refused(iban, { x: 'IT60X0542811101000000123457' })).toEqual(on('x', UTILITY_ID_MSG.ibanChecksum));
    expect(refused(iban, { x: 'IT60X05428111010000001234' })).toEqual(on('x', UTILITY_ID_MSG.ibanItalianLength(25)));
  });

  it('file: a file id (uuid), lower case', () => {
    const file = single({ key: 'x', type: 'file', label: 'F' });
    expect(accepted(file, { x: '3F1C2B4E-8A9D-4C1E-9B2F-6D7E8F9A0B1C' })).toEqual({ x: '3f1c2b4e-8a9d-4c1e-9b2f-6d7e8f9a0b1c' });
    expect(refused(file, { x: 'files/3f1c2b4e' })).toEqual(on('x', MSG.file));
  });
});

describe('answers: conditions', () => {
  const questionnaire = one(
    { key: 'kind', type: 'oneOf', label: 'Tipo', required: true, options: [{ value: 'home', label: 'Casa' }, { value: 'shop', label: 'Negozio' }, { value: 'other', label: 'Altro' }] },
    { key: 'rooms', type: 'number', label: 'Vani', integer: true, showWhen: { question: 'kind', op: 'equals', value: 'home' }, required: true },
    { key: 'pool', type: 'yesNo', label: 'Piscina?', showWhen: { question: 'rooms', op: 'gt', value: 5 } },
    { key: 'poolSize', type: 'number', label: 'Metri quadri della piscina', showWhen: { question: 'pool', op: 'isTrue' }, required: true },
    { key: 'small', type: 'yesNo', label: 'Monolocale?', showWhen: { question: 'rooms', op: 'lt', value: 2 } },
    { key: 'activity', type: 'text', label: 'Attività', showWhen: { question: 'kind', op: 'in', values: ['shop', 'other'] } },
    { key: 'activityDetails', type: 'longText', label: 'Dettagli', showWhen: { question: 'activity', op: 'answered' } },
    { key: 'value', type: 'money', label: 'Valore' },
    { key: 'appraisal', type: 'file', label: 'Perizia', requiredWhen: { question: 'value', op: 'gt', value: 1_000_000_00 } },
  );

  it('shows a question only when its condition holds on an earlier answer (equals, in, gt, lt, isTrue, answered)', () => {
    const keys = (answers: Record<string, unknown>) => visibleQuestions(questionnaire, answers).map((question) => question.key);
    expect(keys({})).toEqual(['kind', 'value', 'appraisal']);
    expect(keys({ kind: 'home' })).toEqual(['kind', 'rooms', 'value', 'appraisal']);
    expect(keys({ kind: 'home', rooms: 6 })).toEqual(['kind', 'rooms', 'pool', 'value', 'appraisal']);
    expect(keys({ kind: 'home', rooms: 6, pool: true })).toEqual(['kind', 'rooms', 'pool', 'poolSize', 'value', 'appraisal']);
    expect(keys({ kind: 'home', rooms: 1 })).toEqual(['kind', 'rooms', 'small', 'value', 'appraisal']);
    expect(keys({ kind: 'shop' })).toEqual(['kind', 'activity', 'value', 'appraisal']);
    expect(keys({ kind: 'other', activity: 'Bar' })).toEqual(['kind', 'activity', 'activityDetails', 'value', 'appraisal']);
    // a question after a hidden one is hidden, even if the hidden one holds a stale answer
    expect(keys({ kind: 'shop', rooms: 6, pool: true })).toEqual(['kind', 'activity', 'value', 'appraisal']);
  });

  it('asks for a question shown and required, refuses an answer to a question not shown (it is not dropped)', () => {
    expect(refused(questionnaire, { kind: 'home' })).toEqual(on('rooms', MSG.required));
    expect(refused(questionnaire, { kind: 'home', rooms: 6, pool: true })).toEqual(on('poolSize', MSG.required));
    expect(refused(questionnaire, { kind: 'shop', rooms: 3 })).toEqual(on('rooms', MSG.notAsked));
    expect(refused(questionnaire, { kind: 'home', rooms: 3, pool: false })).toEqual(on('pool', MSG.notAsked));
    expect(accepted(questionnaire, { kind: 'home', rooms: 3, pool: null, activity: '' })).toEqual({ kind: 'home', rooms: 3 });
    expect(accepted(questionnaire, { kind: 'other', activity: 'Bar', activityDetails: 'Bar con dehors' })).toEqual({ kind: 'other', activity: 'Bar', activityDetails: 'Bar con dehors' });
  });

  it('requires a question when its requiredWhen holds', () => {
    expect(refused(questionnaire, { kind: 'other', value: 1_000_000_01 })).toEqual(on('appraisal', MSG.required));
    expect(accepted(questionnaire, { kind: 'other', value: 1_000_000_00 })).toEqual({ kind: 'other', value: 1_000_000_00 });
    expect(isRequiredFor(questionnaire.sections[0]!.questions[8]!, { value: 1_000_000_01 })).toBe(true);
  });

  it('reports only the wrong answer, not the questions depending on it', () => {
    expect(refused(questionnaire, { kind: 'home', rooms: 'sei', pool: true })).toEqual(on('rooms', MSG.number));
    expect(refused(questionnaire, { kind: 'casa' })).toEqual(on('kind', MSG.option));
  });

  it('keepVisibleAnswers: what the form sends after a change of choice (answers of hidden questions and blanks cleared)', () => {
    const answers = { kind: 'shop', rooms: 6, pool: true, poolSize: 30, activity: 'Bar', activityDetails: '', value: 5 };
    expect(keepVisibleAnswers(questionnaire, answers)).toEqual({ kind: 'shop', activity: 'Bar', value: 5 });
    expect(accepted(questionnaire, keepVisibleAnswers(questionnaire, answers))).toEqual({ kind: 'shop', activity: 'Bar', value: 5 });
  });

  it('a several-of condition holds when the value is among those chosen', () => {
    const several = one(
      { key: 'covers', type: 'severalOf', label: 'Garanzie', options: [{ value: 'fire', label: 'Incendio' }, { value: 'theft', label: 'Furto' }] },
      { key: 'alarm', type: 'yesNo', label: 'Allarme?', showWhen: { question: 'covers', op: 'equals', value: 'theft' }, required: true },
    );
    expect(refused(several, { covers: ['fire', 'theft'] })).toEqual(on('alarm', MSG.required));
    expect(accepted(several, { covers: ['fire'] })).toEqual({ covers: ['fire'] });
  });
});

describe('answers: rules between questions', () => {
  it('a date after another', () => {
    const dates = one({ key: 'start', type: 'date', label: 'Decorrenza', required: true }, { key: 'end', type: 'date', label: 'Scadenza', required: true, after: 'start' });
    expect(accepted(dates, { start: '2027-01-01', end: '2027-01-02' })).toEqual({ start: '2027-01-01', end: '2027-01-02' });
    expect(refused(dates, { start: '2027-01-01', end: '2027-01-01' })).toEqual(on('end', MSG.dateNotAfter('Decorrenza')));
    expect(refused(dates, { start: 'ieri', end: '2027-01-01' })).toEqual(on('start', MSG.date));
  });

  it('the 4% cap on a provisional tender bond, as a rule on the amount (in the example questionnaire)', () => {
    const example = exampleOf(EXAMPLE_QUESTIONNAIRE, { today: TODAY });
    expect(example).toMatchObject({ bondKind: 'tenderProvisional', contractValueCents: 25_000_000 });
    expect(accepted(EXAMPLE_QUESTIONNAIRE, { ...example, provisionalAmountCents: 1_000_000 })).toMatchObject({ provisionalAmountCents: 1_000_000 });
    const issues = refused(EXAMPLE_QUESTIONNAIRE, { ...example, provisionalAmountCents: 1_000_001 });
    expect(issues).toEqual(on('provisionalAmountCents', MSG.percentOf(4, 'Valore complessivo della procedura (o del contratto)', 1_000_000)));
    expect(issues[0]!.message).toBe('L’importo non può superare il 4% di «Valore complessivo della procedura (o del contratto)»: al massimo 10.000,00\u00a0€.');
  });
});

describe('answerRows', () => {
  it('writes the answers of the questions asked in Italian, in order, «—» for those unanswered', () => {
    const questionnaire = one(
      { key: 'amount', type: 'money', label: 'Importo' },
      { key: 'day', type: 'date', label: 'Data' },
      { key: 'ok', type: 'yesNo', label: 'Confermato' },
      { key: 'no', type: 'yesNo', label: 'Rifiutato' },
      { key: 'kind', type: 'oneOf', label: 'Tipo', options: [{ value: 'a', label: 'Alfa' }, { value: 'b', label: 'Beta' }] },
      { key: 'many', type: 'severalOf', label: 'Scelte', options: [{ value: 'a', label: 'Alfa' }, { value: 'b', label: 'Beta' }] },
      { key: 'share', type: 'percent', label: 'Quota' },
      { key: 'count', type: 'number', label: 'Numero' },
      { key: 'place', type: 'comune', label: 'Comune' },
      { key: 'doc', type: 'file', label: 'Documento' },
      { key: 'cf', type: 'taxId', label: 'Codice fiscale' },
      { key: 'extra', type: 'text', label: 'Altro', showWhen: { question: 'ok', op: 'isTrue' } },
      { key: 'hidden', type: 'text', label: 'Nascosta', showWhen: { question: 'no', op: 'isTrue' } },
    );
    const answers = {
      amount: 123_456,
      day: '2027-03-09',
      ok: true,
      no: false,
      kind: 'b',
      many: ['b', 'a'],
      share: 12.5,
      count: 1234.5,
      place: { name: 'Milano', province: 'MI' },
      doc: '3f1c2b4e-8a9d-4c1e-9b2f-6d7e8f9a0b1c',
      cf: 'RSSMRA85T10A562S',
    };
    expect(answerRows(questionnaire, answers)).toEqual([
      ['Importo', '1.234,56\u00a0€'],
      ['Data', '09/03/2027'],
      ['Confermato', 'Sì'],
      ['Rifiutato', 'No'],
      ['Tipo', 'Beta'],
      ['Scelte', 'Beta, Alfa'],
      ['Quota', '12,5%'],
      ['Numero', '1.234,5'],
      ['Comune', 'Milano (MI)'],
      ['Documento', 'File allegato'],
      ['Codice fiscale', 'RSSMRA85T10A562S'],
      ['Altro', '—'],
    ]);
  });

  it('groups the rows by section, leaving out sections with no question asked', () => {
    const example = exampleOf(EXAMPLE_QUESTIONNAIRE, { today: TODAY });
    const sections = answerSections(EXAMPLE_QUESTIONNAIRE, example);
    expect(sections.map((section) => section.title)).toEqual(['Gara e garanzia', 'Beneficiario', 'Durata', 'Impresa e controgaranzie']);
    expect(sections.flatMap((section) => section.rows)).toEqual(answerRows(EXAMPLE_QUESTIONNAIRE, example));
  });
});
