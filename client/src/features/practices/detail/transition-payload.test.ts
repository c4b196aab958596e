import { describe, expect, it } from 'vitest';
import { rcaDefinition } from '../../../../../shared/practices/rca';
import { checkPayload, payloadFields } from './transition-payload';

const payloadOf = (name: string) => rcaDefinition.transitions.find((transition) => transition.name === name)!.payload;

describe('payloadFields', () => {
  it('builds each RC Auto dialog from its transition’s payload', () => {
    expect(payloadFields(payloadOf('askEmission'))).toEqual([{ name: 'quotationId', kind: 'quotation', label: 'Preventivo' }]);
    expect(payloadFields(payloadOf('emit'))).toEqual([
      { name: 'policyNumber', kind: 'text', label: 'Numero di polizza' },
      { name: 'effectiveDate', kind: 'date', label: 'Decorrenza' },
      { name: 'expiryDate', kind: 'date', label: 'Scadenza' },
    ]);
    expect(payloadFields(payloadOf('refuse'))).toEqual([{ name: 'reason', kind: 'reason', label: 'Motivo' }]);
  });
});

describe('checkPayload', () => {
  it('answers the schema’s Italian message on the field', () => {
    expect(checkPayload(payloadOf('refuse'), { reason: 'no' })).toEqual({ isValid: false, errors: { reason: 'Indica il motivo (almeno 5 caratteri).' } });
    expect(checkPayload(payloadOf('emit'), { policyNumber: 'P-1', effectiveDate: '2027-01-01', expiryDate: '2026-12-31' })).toEqual({
      isValid: false,
      errors: { expiryDate: 'La scadenza deve essere successiva alla decorrenza.' },
    });
  });

  it('answers the payload as the server will read it', () => {
    expect(checkPayload(payloadOf('refuse'), { reason: '  Premio troppo alto  ' })).toEqual({ isValid: true, payload: { reason: 'Premio troppo alto' } });
  });
});
