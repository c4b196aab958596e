import { describe, expect, it } from 'vitest';
import { isRequiredFor, visibleQuestions } from '../../../../shared/products/answers';
import { EXAMPLE_QUESTIONNAIRE } from '../../../../shared/products/example-questionnaire';
import { ANSWER_MSG } from '../../../../shared/products/messages';
import { questionsOf, type TQuestion } from '../../../../shared/products/questionnaire';
import { answerOfComune, centsToEuro, centsToEuroText, checkQuestionnaireAnswers, comuneOfAnswer, euroTextToCents, euroToCents, fieldMessage, fileIdOfPath, formatNumberAnswer, withAnswer } from './questionnaire-values';

// The pure side of the questionnaire form (issue 29): what the corner types becomes the answers the server checks.

const TODAY = '2026-11-27';
const question = (key: string): TQuestion => {
  const found = questionsOf(EXAMPLE_QUESTIONNAIRE).find((item) => item.key === key);
  if (!found) throw new Error(`no question ${key}`);
  return found;
};
const visibleKeys = (answers: Record<string, unknown>) => visibleQuestions(EXAMPLE_QUESTIONNAIRE, answers).map((item) => item.key);

/** A final bond, answered as the form holds it (raw: a CIG typed in lower case, a tax id with blanks). */
const FINAL_BOND: Record<string, unknown> = {
  bondKind: 'tenderFinal',
  cig: 'a0123 bc45d',
  tenderObject: 'Manutenzione delle strade comunali',
  contractValueCents: 10_000_000,
  guaranteedCents: 1_000_000,
  beneficiaryName: 'Comune di Milano',
  beneficiaryTaxId: ' 01199250158 ',
  beneficiaryPec: 'Protocollo@Pec.Comune.Milano.it',
  beneficiaryComune: { name: 'Milano', province: 'MI', istat: '015146' },
  startDate: '2026-12-01',
  endDate: '2027-12-01',
  hasCertifications: true,
  certifications: ['iso9001', 'emas'],
  certificationReduction: 30,
  counterGuarantee: 'none',
};

describe('money: euro as typed ↔ integer cents', () => {
  it('reads euro the Italian way into cents', () => {
    expect(euroTextToCents('1.234,56')).toBe(123_456);
    expect(euroTextToCents('12,5')).toBe(1250);
    expect(euroTextToCents('0,01')).toBe(1);
    expect(euroTextToCents('1234.56')).toBe(123_456);
    expect(euroTextToCents('1.000.000')).toBe(100_000_000);
    expect(euroTextToCents(' 7 ')).toBe(700);
  });

  it('rounds to the cent the way the field rewrites the text, never leaving half cents', () => {
    expect(euroToCents(1.005)).toBe(101);
    expect(euroToCents(0.1 + 0.2)).toBe(30);
    expect(euroToCents(19.99)).toBe(1999);
    expect(euroTextToCents('12,345')).toBe(1235);
    for (let cents = 0; cents < 100_000; cents += 7) expect(euroToCents(cents / 100)).toBe(cents);
  });

  it('answers null for no amount', () => {
    expect(euroTextToCents('')).toBeNull();
    expect(euroTextToCents('dodici')).toBeNull();
    expect(euroTextToCents('1,2,3')).toBeNull();
    expect(euroToCents(null)).toBeNull();
    expect(centsToEuro(undefined)).toBeNull();
    expect(centsToEuro('100')).toBeNull();
  });

  it('writes cents back as the input shows them, and the round trip is exact', () => {
    expect(centsToEuroText(123_456)).toBe('1.234,56');
    expect(centsToEuroText(1250)).toBe('12,50');
    expect(centsToEuroText(0)).toBe('0,00');
    expect(centsToEuro(123_456)).toBe(1234.56);
    for (const cents of [1, 99, 100, 101, 123_456, 999_999_999, 1_000_000_000_000]) expect(euroTextToCents(centsToEuroText(cents))).toBe(cents);
  });
});

describe('numbers of a number question', () => {
  it('are written the Italian way, grouped from five digits on so that a year stays a year', () => {
    expect(formatNumberAnswer(2024)).toBe('2024');
    expect(formatNumberAnswer(12_345)).toBe('12.345');
    expect(formatNumberAnswer(1_234_567.5)).toBe('1.234.567,5');
    expect(formatNumberAnswer(0.125)).toBe('0,125');
    expect(formatNumberAnswer(-3)).toBe('-3');
  });
});

describe('the form value', () => {
  it('drops the key of a blanked field and keeps numbers as numbers', () => {
    expect(withAnswer({ a: 'x', b: 2 }, 'a', '')).toEqual({ b: 2 });
    expect(withAnswer({ a: ['x'] }, 'a', [])).toEqual({});
    expect(withAnswer({ a: 1 }, 'a', null)).toEqual({});
    expect(withAnswer({}, 'n', 181)).toEqual({ n: 181 });
    expect(withAnswer({}, 'yes', false)).toEqual({ yes: false });
  });

  it('holds a comune as the answer { name, province, istat } whatever the picker keeps', () => {
    const milano = { istat: '015146', name: 'Milano', sigla: 'MI', provinceName: 'Milano', cadastralCode: 'F205', caps: ['20121'], active: true, mergedInto: null };
    expect(answerOfComune(milano)).toEqual({ name: 'Milano', province: 'MI', istat: '015146' });
    expect(answerOfComune(null)).toBeNull();
    expect(comuneOfAnswer({ name: 'Milano', province: 'MI', istat: '015146' })).toMatchObject({ istat: '015146', name: 'Milano', sigla: 'MI' });
    // An answer without ISTAT code (sent through REST) is shown, and kept without a made-up code.
    const typed = comuneOfAnswer({ name: 'Bormio', province: 'SO' });
    expect(typed).toMatchObject({ name: 'Bormio', sigla: 'SO' });
    expect(answerOfComune(typed)).toEqual({ name: 'Bormio', province: 'SO' });
    expect(comuneOfAnswer('Milano')).toBeNull();
    expect(comuneOfAnswer({ name: '', province: '' })).toBeNull();
  });

  it('reads the file id from the stored file reference an upload answers', () => {
    expect(fileIdOfPath('files/0B6B7C1E-3F5A-4C8B-9D2E-1A2B3C4D5E6F')).toBe('0b6b7c1e-3f5a-4c8b-9d2e-1a2b3c4d5e6f');
    expect(fileIdOfPath('/etc/passwd')).toBeNull();
  });
});

describe('questions shown as the answers change (EXAMPLE_QUESTIONNAIRE)', () => {
  it('shows the questions of the kind of bond chosen, and their required state', () => {
    const none = visibleKeys({});
    expect(none).not.toContain('cig');
    expect(none).not.toContain('provisionalAmountCents');
    expect(none).not.toContain('offerValidityDays');

    const provisional = visibleKeys({ bondKind: 'tenderProvisional' });
    expect(provisional).toEqual(expect.arrayContaining(['cig', 'tenderObject', 'provisionalAmountCents', 'offerValidityDays']));
    expect(provisional).not.toContain('guaranteedCents');

    const final = visibleKeys({ bondKind: 'tenderFinal' });
    expect(final).toEqual(expect.arrayContaining(['cig', 'guaranteedCents']));
    expect(final).not.toContain('provisionalAmountCents');
    expect(isRequiredFor(question('beneficiaryPec'), { bondKind: 'tenderFinal' })).toBe(true);
    expect(isRequiredFor(question('beneficiaryPec'), { bondKind: 'tenderProvisional' })).toBe(false);
  });

  it('compares raw numbers: more than 180 days of validity asks about the renewal, and hiding the days hides it too', () => {
    expect(visibleKeys({ bondKind: 'tenderProvisional', offerValidityDays: 180 })).not.toContain('renewalCommitment');
    expect(visibleKeys({ bondKind: 'tenderProvisional', offerValidityDays: 181 })).toContain('renewalCommitment');
    expect(visibleKeys({ bondKind: 'tenderFinal', offerValidityDays: 181 })).not.toContain('renewalCommitment');
    expect(isRequiredFor(question('financialStatements'), { lastTurnoverCents: euroTextToCents('5.000.000,01') })).toBe(true);
    expect(isRequiredFor(question('financialStatements'), { lastTurnoverCents: euroTextToCents('5.000.000') })).toBe(false);
  });

  it('follows a chain: yes to certifications asks which, and choosing one asks the reduction', () => {
    expect(visibleKeys({ hasCertifications: false })).not.toContain('certifications');
    expect(visibleKeys({ hasCertifications: true })).toContain('certifications');
    expect(visibleKeys({ hasCertifications: true })).not.toContain('certificationReduction');
    expect(visibleKeys({ hasCertifications: true, certifications: ['iso9001'] })).toContain('certificationReduction');
    expect(visibleKeys({ hasCertifications: false, certifications: ['iso9001'] })).not.toContain('certificationReduction');
  });
});

describe('checkQuestionnaireAnswers on EXAMPLE_QUESTIONNAIRE', () => {
  it('answers the normalised answers to send for a valid final bond', () => {
    const result = checkQuestionnaireAnswers(EXAMPLE_QUESTIONNAIRE, FINAL_BOND, TODAY);
    expect(result).toEqual({
      ok: true,
      answers: expect.objectContaining({ bondKind: 'tenderFinal', cig: 'A0123BC45D', beneficiaryTaxId: '01199250158', beneficiaryPec: 'protocollo@pec.comune.milano.it', guaranteedCents: 1_000_000 }),
    });
  });

  it('leaves out what was typed for questions hidden since, instead of refusing it', () => {
    const changedMind = { ...FINAL_BOND, bondKind: 'advancePayment', counterGuarantee: 'none', cosignerTaxId: 'RSSMRA85T10A562S', offerValidityDays: 200, renewalCommitment: true };
    const result = checkQuestionnaireAnswers(EXAMPLE_QUESTIONNAIRE, changedMind, TODAY);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    for (const hidden of ['cig', 'tenderObject', 'cosignerTaxId', 'offerValidityDays', 'renewalCommitment']) expect(result.answers).not.toHaveProperty(hidden);
    expect(result.answers.bondKind).toBe('advancePayment');
  });

  it('answers the first message of each wrong or missing question by key', () => {
    const result = checkQuestionnaireAnswers(
      EXAMPLE_QUESTIONNAIRE,
      { ...FINAL_BOND, cig: 'A0123', beneficiaryPec: undefined, endDate: '2026-11-30', counterGuarantee: 'cosigner', certifications: ['iso9001', 'iso14001', 'emas', 'sa8000', 'iso9001'] },
      TODAY,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      cig: ANSWER_MSG.cig,
      beneficiaryPec: ANSWER_MSG.required,
      endDate: ANSWER_MSG.dateNotAfter('Decorrenza della garanzia'),
      certifications: expect.any(String),
      cosignerTaxId: ANSWER_MSG.required,
    });
  });

  it('applies the 4% cap on a provisional bond', () => {
    const provisional = { ...FINAL_BOND, bondKind: 'tenderProvisional', guaranteedCents: undefined, offerValidityDays: 90, contractValueCents: euroTextToCents('100.000,00'), provisionalAmountCents: euroTextToCents('4.000,01') };
    const result = checkQuestionnaireAnswers(EXAMPLE_QUESTIONNAIRE, provisional, TODAY);
    expect(result).toEqual({ ok: false, errors: { provisionalAmountCents: ANSWER_MSG.percentOf(4, 'Valore complessivo della procedura (o del contratto)', 400_000) } });
    expect(checkQuestionnaireAnswers(EXAMPLE_QUESTIONNAIRE, { ...provisional, provisionalAmountCents: euroTextToCents('4.000') }, TODAY).ok).toBe(true);
  });

  it('asks for every required question of an empty form', () => {
    const result = checkQuestionnaireAnswers(EXAMPLE_QUESTIONNAIRE, {}, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['bondKind', 'beneficiaryComune', 'beneficiaryName', 'beneficiaryTaxId', 'contractValueCents', 'counterGuarantee', 'endDate', 'hasCertifications', 'startDate'].sort());
    expect(new Set(Object.values(result.errors))).toEqual(new Set([ANSWER_MSG.required]));
  });
});

describe('fieldMessage: the check of one field as the user leaves it', () => {
  it('says nothing of a blank field, nor of a good answer', () => {
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('beneficiaryTaxId'), {}, TODAY)).toBeNull();
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('beneficiaryTaxId'), { beneficiaryTaxId: 'rssmra85t10a562s' }, TODAY)).toBeNull();
  });

  it('gives the type’s and the limits’ message', () => {
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('beneficiaryTaxId'), { beneficiaryTaxId: 'RSSMRA85T10A562X' }, TODAY)).toBe(ANSWER_MSG.taxIdAny);
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('startDate'), { startDate: '2026-10-01' }, TODAY)).toBe(ANSWER_MSG.dateBefore('2026-10-28'));
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('certificationReduction'), { certificationReduction: 60 }, TODAY)).toBe(ANSWER_MSG.percentAbove(50));
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('offerValidityDays'), { bondKind: 'tenderProvisional', offerValidityDays: 90.5 }, TODAY)).toBe(ANSWER_MSG.integer);
  });

  it('checks the rules across questions against the answers shown before it', () => {
    const dates = { startDate: '2026-12-01', endDate: '2026-12-01' };
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('endDate'), dates, TODAY)).toBe(ANSWER_MSG.dateNotAfter('Decorrenza della garanzia'));
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('endDate'), { ...dates, endDate: '2026-12-02' }, TODAY)).toBeNull();
    const amounts = { bondKind: 'tenderProvisional', contractValueCents: 100_000, provisionalAmountCents: 4001 };
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('provisionalAmountCents'), amounts, TODAY)).toBe(ANSWER_MSG.percentOf(4, 'Valore complessivo della procedura (o del contratto)', 4000));
    expect(fieldMessage(EXAMPLE_QUESTIONNAIRE, question('provisionalAmountCents'), { ...amounts, contractValueCents: 'x' }, TODAY)).toBeNull();
  });
});
