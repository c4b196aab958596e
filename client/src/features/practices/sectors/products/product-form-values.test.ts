import { describe, expect, it } from 'vitest';
import { EXAMPLE_QUESTIONNAIRE } from '../../../../../../shared/products/example-questionnaire';
import { ANSWER_MSG } from '../../../../../../shared/products/messages';
import { PRACTICE_PRODUCT_MSG } from '../../../../../../shared/products/practice-product';
import { productFieldLabel, productLabelOf, productNounOf } from './product-labels';
import { answerErrorsOf, formErrorsOfServer, placeErrors, productErrorOf, productFormPath, productInputOf, productValuesOf, questionKeysOf } from './product-form-values';

const TODAY = '2026-11-27';
const PRODUCT = { id: '11111111-2222-4333-8444-555555555555', version: 2 };
const SNAPSHOT = { ...PRODUCT, name: 'Casa Serena', documents: [], commission: { kind: 'percent', percent: 12 } };

describe('the product of a request form', () => {
  it('reads the saved practice’s own product and answers, and sends only {id, version}', () => {
    const values = productValuesOf({ product: SNAPSHOT, answers: { bondKind: 'tenderFinal' }, notes: '' });
    expect(values).toEqual({ product: PRODUCT, answers: { bondKind: 'tenderFinal' } });
    expect(productInputOf(values, null)).toEqual({ product: PRODUCT, answers: { bondKind: 'tenderFinal' } });
    expect(productValuesOf({ notes: '' })).toEqual({ product: null, answers: {} });
    expect(productErrorOf({ product: null, answers: {} })).toEqual({ product: PRACTICE_PRODUCT_MSG.productRequired });
    expect(productErrorOf(values)).toEqual({});
  });

  it('clears the answers of the questions hidden by a later choice before sending', () => {
    const answers = { bondKind: 'advancePayment', cig: 'A0123BC45D', tenderObject: 'Strade comunali', contractValueCents: 100_000 };
    expect(productInputOf({ product: PRODUCT, answers }, EXAMPLE_QUESTIONNAIRE).answers).toEqual({ bondKind: 'advancePayment', contractValueCents: 100_000 });
  });

  it('keys the answers’ problems by `answers.<question>`, none while the questionnaire is unknown', () => {
    expect(answerErrorsOf(null, {}, TODAY)).toEqual({});
    const errors = answerErrorsOf(EXAMPLE_QUESTIONNAIRE, { bondKind: 'tenderFinal', cig: 'A0123' }, TODAY);
    expect(errors['answers.cig']).toBe(ANSWER_MSG.cig);
    expect(errors['answers.beneficiaryName']).toBe(ANSWER_MSG.required);
    expect(Object.keys(errors).every((path) => path.startsWith('answers.'))).toBe(true);
  });
});

describe('where the messages show', () => {
  it('maps data paths to the form’s: the product’s to the picker, an answer’s (even nested) to its question', () => {
    expect(productFormPath('product')).toBe('product');
    expect(productFormPath('product.id')).toBe('product');
    expect(productFormPath('product.version')).toBe('product');
    expect(productFormPath('answers.comune.province')).toBe('answers.comune');
    expect(productFormPath('answers')).toBe('answers');
    expect(productFormPath('beneficiary.taxCode')).toBe('beneficiary.taxCode');
  });

  it('turns the server’s fields into one message per input, the sector mapping the rest', () => {
    expect(
      formErrorsOfServer(
        { 'product.id': [PRACTICE_PRODUCT_MSG.productUnknown], 'covers.1': ['Vuota.'], 'covers.3': ['Ripetuta.'], 'answers.cig': [ANSWER_MSG.cig, 'Altro'], empty: [] },
        { inputOf: (path) => (path.startsWith('covers.') ? 'covers' : path) },
      ),
    ).toEqual({ product: PRACTICE_PRODUCT_MSG.productUnknown, covers: 'Vuota.', 'answers.cig': `${ANSWER_MSG.cig}\nAltro` });
  });

  it('splits the messages: inputs of the form, questions on screen, and the rest above the buttons', () => {
    const placed = placeErrors(
      {
        product: PRACTICE_PRODUCT_MSG.productRetired,
        'beneficiary.name': 'Campo obbligatorio.',
        'answers.cig': ANSWER_MSG.cig,
        // A question the version on screen does not have, the answers as a whole, a field the form has no input for.
        'answers.unknown': 'Domanda sconosciuta.',
        answers: PRACTICE_PRODUCT_MSG.answersInvalid,
        clientId: 'Cliente non valido.',
      },
      { inputs: ['product', 'answers', 'beneficiary'], questionKeys: questionKeysOf(EXAMPLE_QUESTIONNAIRE) },
    );
    expect(placed).toEqual({
      fields: { product: PRACTICE_PRODUCT_MSG.productRetired, 'beneficiary.name': 'Campo obbligatorio.' },
      answers: { cig: ANSWER_MSG.cig },
      rest: ['Domanda sconosciuta.', PRACTICE_PRODUCT_MSG.answersInvalid, 'Cliente non valido.'],
    });
  });
});

describe('the words of the product sectors', () => {
  it('names a product as the sector does, and labels the history’s product paths', () => {
    expect(productNounOf('altri-rami')).toBe('prodotto');
    expect(productLabelOf('altri-rami')).toBe('Prodotto');
    expect(productLabelOf('fideiussioni')).toBe('Tipo di fideiussione');
    expect(productFieldLabel('fideiussioni', 'product.id')).toBe('Tipo di fideiussione');
    expect(productFieldLabel('altri-rami', 'product.version')).toBe('Versione del questionario');
    expect(productFieldLabel('altri-rami', 'answers.squareMetres')).toBe('Questionario: squareMetres');
    expect(productFieldLabel('altri-rami', 'description')).toBeNull();
  });
});
