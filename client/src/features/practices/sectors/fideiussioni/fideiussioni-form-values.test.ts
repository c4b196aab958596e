import { describe, expect, it } from 'vitest';
import { ZFideiussioniData, fideiussioniDefinition } from '../../../../../../shared/practices/fideiussioni';
import { legacyProductOf } from '../../../../../../shared/products/legacy-catalogue';
import { ANSWER_MSG } from '../../../../../../shared/products/messages';
import { PRACTICE_PRODUCT_MSG } from '../../../../../../shared/products/practice-product';
import {
  checkFideiussioniForm,
  EMPTY_FIDEIUSSIONI_FORM,
  fideiussioniServerErrors,
  initialFideiussioniValues,
  toFideiussioniFormValues,
  toFideiussioniInput,
  type TFideiussioniFormValues,
} from './fideiussioni-form-values';

const TODAY = '2026-11-27';
/** The «Cauzione provvisoria» bond type (version 1): CIG and object required, the amount at most 4% of the tender. */
const PROVISIONAL = legacyProductOf('fideiussioni', 'tenderProvisional')!.content.questionnaire;
/** The «Locazione» bond type: no tender questions. */
const RENT = legacyProductOf('fideiussioni', 'rent')!.content.questionnaire;
const example = fideiussioniDefinition.example;
const filled: TFideiussioniFormValues = toFideiussioniFormValues(example);

describe('the fideiussioni request form', () => {
  it('turns a saved request into the form and back: its own type and version, the answers in cents', () => {
    expect(filled.product).toEqual({ id: example.product.id, version: 1 });
    expect(filled.answers).toEqual({ contractValueCents: 25_000_000, cig: 'A0123BC45D', tenderObject: example.answers.tenderObject, guaranteedCents: 500_000 });
    expect(checkFideiussioniForm(filled, PROVISIONAL, TODAY)).toEqual({});
    const input = toFideiussioniInput(filled, PROVISIONAL);
    expect(input.product).toEqual({ id: example.product.id, version: 1 });
    const { name: _name, documents: _documents, commission: _commission, subjectKey: _subjectKey, ...sentProduct } = example.product;
    expect(ZFideiussioniData.parse(input)).toEqual({ ...example, product: sentProduct });
  });

  it('asks an empty form for the type and every required field of the sector', () => {
    expect(checkFideiussioniForm(EMPTY_FIDEIUSSIONI_FORM, null, TODAY)).toEqual({
      product: PRACTICE_PRODUCT_MSG.productRequired,
      'beneficiary.name': 'Campo obbligatorio.',
      'beneficiary.taxCode': 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del beneficiario.',
      startDate: 'Data non valida.',
      endDate: 'Data non valida.',
      obligation: 'Descrivi l’obbligazione garantita (da 10 a 2000 caratteri).',
    });
  });

  it('checks the answers with the type’s questionnaire: the 4% cap of a provisional bond, the CIG and object of a tender', () => {
    const errors = checkFideiussioniForm({ ...filled, answers: { contractValueCents: 25_000_000, guaranteedCents: 1_000_001, cig: 'A0123' } }, PROVISIONAL, TODAY);
    expect(errors).toEqual({
      'answers.cig': ANSWER_MSG.cig,
      'answers.tenderObject': ANSWER_MSG.required,
      'answers.guaranteedCents': ANSWER_MSG.percentOf(4, 'Valore complessivo della procedura', 1_000_000),
    });
    expect(checkFideiussioniForm({ ...filled, answers: { ...filled.answers, guaranteedCents: 1_000_000 } }, PROVISIONAL, TODAY)).toEqual({});
  });

  it('checks the same answers against another type’s own questions: a rent bond asks no CIG', () => {
    const rent: TFideiussioniFormValues = { ...filled, answers: { guaranteedCents: 600_000 } };
    expect(checkFideiussioniForm(rent, RENT, TODAY)).toEqual({});
    expect(toFideiussioniInput(rent, RENT).answers).toEqual({ guaranteedCents: 600_000 });
    expect(checkFideiussioniForm({ ...rent, answers: {} }, RENT, TODAY)).toEqual({ 'answers.guaranteedCents': ANSWER_MSG.required });
  });

  it('needs the end after the start, and a valid tax code and PEC of the beneficiary', () => {
    expect(checkFideiussioniForm({ ...filled, endDate: filled.startDate }, PROVISIONAL, TODAY)).toEqual({ endDate: 'La scadenza della garanzia deve essere successiva alla decorrenza.' });
    expect(checkFideiussioniForm({ ...filled, beneficiary: { name: 'Comune', taxCode: '12345678901', pec: 'comune.it' } }, PROVISIONAL, TODAY)).toEqual({
      'beneficiary.taxCode': 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del beneficiario.',
      'beneficiary.pec': 'Inserisci un indirizzo PEC valido.',
    });
  });

  it('places the server’s messages: the type’s at the picker, an answer’s at its question, the rest at their paths', () => {
    expect(
      fideiussioniServerErrors({
        'product.id': [PRACTICE_PRODUCT_MSG.productRetired],
        'answers.guaranteedCents': [ANSWER_MSG.required],
        'beneficiary.pec': ['Inserisci un indirizzo PEC valido.'],
      }),
    ).toEqual({ product: PRACTICE_PRODUCT_MSG.productRetired, 'answers.guaranteedCents': ANSWER_MSG.required, 'beneficiary.pec': 'Inserisci un indirizzo PEC valido.' });
  });

  it('starts a new request empty, and an unreadable saved request from an empty form that keeps its type', () => {
    expect(initialFideiussioniValues(undefined)).toBe(EMPTY_FIDEIUSSIONI_FORM);
    expect(initialFideiussioniValues({ kind: 'rent', guaranteedCents: 100 })).toEqual(EMPTY_FIDEIUSSIONI_FORM);
    expect(initialFideiussioniValues(example).answers).toEqual(example.answers);
    expect(initialFideiussioniValues({ ...example, obligation: '' })).toEqual({ ...EMPTY_FIDEIUSSIONI_FORM, product: { id: example.product.id, version: 1 }, answers: example.answers });
  });
});
