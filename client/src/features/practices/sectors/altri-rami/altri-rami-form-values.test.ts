import { describe, expect, it } from 'vitest';
import { ZAltriRamiData, altriRamiDefinition } from '../../../../../../shared/practices/altri-rami';
import { legacyProductOf } from '../../../../../../shared/products/legacy-catalogue';
import { ANSWER_MSG } from '../../../../../../shared/products/messages';
import { PRACTICE_PRODUCT_MSG } from '../../../../../../shared/products/practice-product';
import { ZQuestionnaire } from '../../../../../../shared/products/questionnaire';
import {
  altriRamiServerErrors,
  checkAltriRamiForm,
  EMPTY_ALTRI_RAMI_FORM,
  initialAltriRamiValues,
  toAltriRamiFormValues,
  toAltriRamiInput,
  type TAltriRamiFormValues,
} from './altri-rami-form-values';

const TODAY = '2026-11-27';
/** The questionnaire of the «Casa e famiglia» product (version 1): what the example's answers answer. */
const HOME = legacyProductOf('altri-rami', 'home')!.content.questionnaire;
const example = altriRamiDefinition.example;
const filled: TAltriRamiFormValues = toAltriRamiFormValues(example);

/** A product with a condition: the alarm's kind is asked only when there is one. */
const WITH_ALARM = ZQuestionnaire.parse({
  sections: [
    {
      key: 'home',
      title: 'L’abitazione',
      questions: [
        { key: 'squareMetres', type: 'number', label: 'Superficie', required: true, integer: true, min: 1 },
        { key: 'hasAlarm', type: 'yesNo', label: 'C’è un impianto d’allarme?', required: true },
        { key: 'alarmKind', type: 'text', label: 'Tipo di allarme', required: true, showWhen: { question: 'hasAlarm', op: 'isTrue' } },
      ],
    },
  ],
});
const ALARM_PRODUCT = { id: '11111111-2222-4333-8444-555555555555', version: 3 };

describe('the altri rami request form', () => {
  it('turns a saved request into the form and back: its own product version, the answers, money in euro', () => {
    expect(filled.product).toEqual({ id: example.product.id, version: 1 });
    expect(filled.answers).toEqual(example.answers);
    expect(filled.insuredCents).toBe(300_000);
    expect(filled.hasCurrentPolicy).toBe(true);
    expect(checkAltriRamiForm(filled, HOME, TODAY)).toEqual({});
    const input = toAltriRamiInput(filled, HOME);
    // The client names the product by id and version only: the server fills name, documents and commission.
    expect(input.product).toEqual({ id: example.product.id, version: 1 });
    expect(input.answers).toEqual(example.answers);
    const { name: _name, documents: _documents, commission: _commission, subjectKey: _subjectKey, ...sentProduct } = example.product;
    expect(ZAltriRamiData.parse(input)).toEqual({ ...example, product: sentProduct });
  });

  it('asks an empty form for the product first, then the description and the start', () => {
    expect(checkAltriRamiForm(EMPTY_ALTRI_RAMI_FORM, null, TODAY)).toEqual({
      product: PRACTICE_PRODUCT_MSG.productRequired,
      description: 'Descrivi il rischio da assicurare (da 10 a 2000 caratteri).',
      startDate: 'Data non valida.',
    });
    expect(toAltriRamiInput(EMPTY_ALTRI_RAMI_FORM, null)).toMatchObject({ product: undefined, answers: {} });
  });

  it('checks the answers with the chosen version’s questionnaire, each under `answers.<key>`', () => {
    const values: TAltriRamiFormValues = { ...filled, product: ALARM_PRODUCT, answers: { squareMetres: 80.5, hasAlarm: true } };
    expect(checkAltriRamiForm(values, WITH_ALARM, TODAY)).toEqual({ 'answers.squareMetres': ANSWER_MSG.integer, 'answers.alarmKind': ANSWER_MSG.required });
    // Without the questionnaire (still loading) only the sector's fields are checked.
    expect(checkAltriRamiForm(values, null, TODAY)).toEqual({});
    expect(checkAltriRamiForm({ ...values, answers: { squareMetres: 80, hasAlarm: false } }, WITH_ALARM, TODAY)).toEqual({});
  });

  it('sends only the answers of the questions shown: an answer hidden by a later choice is dropped', () => {
    const values: TAltriRamiFormValues = { ...filled, product: ALARM_PRODUCT, answers: { squareMetres: 80, hasAlarm: false, alarmKind: 'Perimetrale' } };
    expect(toAltriRamiInput(values, WITH_ALARM).answers).toEqual({ squareMetres: 80, hasAlarm: false });
    expect(toAltriRamiInput({ ...values, answers: { ...values.answers, hasAlarm: true } }, WITH_ALARM).answers).toEqual({ squareMetres: 80, hasAlarm: true, alarmKind: 'Perimetrale' });
  });

  it('sends money in cents, no policy when switched off, and keeps a cleared duration an error', () => {
    const values: TAltriRamiFormValues = { ...filled, hasCurrentPolicy: false, insuredCents: 1234.56 };
    const input = toAltriRamiInput(values, HOME);
    expect(input.insuredCents).toBe(123_456);
    expect(input.currentPolicy).toBeNull();
    expect(toAltriRamiInput({ ...values, insuredCents: null }, HOME).insuredCents).toBeNull();
    expect(checkAltriRamiForm({ ...filled, durationYears: '' }, HOME, TODAY)).toEqual({ durationYears: 'La durata va da 1 a 10 anni (anni interi).' });
  });

  it('shows a cover’s problem under the covers, naming it', () => {
    expect(checkAltriRamiForm({ ...filled, covers: ['Furto', 'Incendio', 'furto'] }, HOME, TODAY)).toEqual({ covers: '«furto»: Garanzia già indicata.' });
  });

  it('places the server’s messages: the product’s at the picker, an answer’s at its question, a cover’s under the covers', () => {
    expect(
      altriRamiServerErrors({
        'product.version': [PRACTICE_PRODUCT_MSG.versionOutdated(2)],
        'answers.squareMetres': [ANSWER_MSG.integer],
        'answers.comune.province': ['Sigla non valida.'],
        'covers.2': ['Garanzia già indicata.'],
        insuredCents: ['Somma assicurata o massimale non valido: indicalo in centesimi, un importo positivo.'],
        startDate: ['Data non valida.', 'La decorrenza non può essere nel passato.'],
      }),
    ).toEqual({
      product: PRACTICE_PRODUCT_MSG.versionOutdated(2),
      'answers.squareMetres': ANSWER_MSG.integer,
      'answers.comune': 'Sigla non valida.',
      covers: 'Garanzia già indicata.',
      // The form's money is in euro: its own wording.
      insuredCents: 'Indica la somma assicurata o il massimale in euro (un importo positivo), o lascia vuoto.',
      startDate: 'Data non valida.\nLa decorrenza non può essere nel passato.',
    });
  });

  it('starts a new request empty, and an unreadable saved request from an empty form that keeps its product', () => {
    expect(initialAltriRamiValues(undefined)).toBe(EMPTY_ALTRI_RAMI_FORM);
    expect(initialAltriRamiValues({ category: 'home', description: 'Vecchia forma senza prodotto.' })).toEqual(EMPTY_ALTRI_RAMI_FORM);
    expect(initialAltriRamiValues(example).product).toEqual({ id: example.product.id, version: 1 });
    // A practice the schema no longer reads (a duration of 20 years) still edits its own product version.
    expect(initialAltriRamiValues({ ...example, durationYears: 20 })).toEqual({ ...EMPTY_ALTRI_RAMI_FORM, product: { id: example.product.id, version: 1 }, answers: example.answers });
  });
});
