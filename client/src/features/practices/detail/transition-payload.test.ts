import { describe, expect, it } from 'vitest';
import { luceGasDefinition } from '../../../../../shared/practices/luce-e-gas';
import { rcaDefinition } from '../../../../../shared/practices/rca';
import { addDaysIso } from '../../../../../shared/practices/rca-settings';
import { todayInItaly } from '../../../../../shared/rules/italian-day';
import { checkPayload, payloadFields } from './transition-payload';

const payloadOf = (name: string) => rcaDefinition.transitions.find((transition) => transition.name === name)!.payload;

describe('payloadFields', () => {
  it('builds each RC Auto dialog from its transition’s payload', () => {
    expect(payloadFields(payloadOf('askEmission'))).toEqual([{ name: 'quotationId', kind: 'quotation', label: 'Preventivo', required: true }]);
    expect(payloadFields(payloadOf('emit'))).toEqual([
      { name: 'policyNumber', kind: 'text', label: 'Numero di polizza', required: true },
      { name: 'effectiveDate', kind: 'date', label: 'Decorrenza', required: true },
      { name: 'expiryDate', kind: 'date', label: 'Scadenza', required: true },
    ]);
    expect(payloadFields(payloadOf('refuse'))).toEqual([{ name: 'reason', kind: 'reason', label: 'Motivo', required: true }]);
  });

  it('asks a utility’s cessation for its date, the reason optional', () => {
    const cease = luceGasDefinition.transitions.find((transition) => transition.name === 'cease')!.payload;
    expect(payloadFields(cease)).toEqual([
      { name: 'endDate', kind: 'date', label: 'Data di cessazione', required: true },
      { name: 'reason', kind: 'reason', label: 'Motivo', required: false },
    ]);
  });
});

describe('checkPayload', () => {
  it('answers the schema’s Italian message on the field', () => {
    expect(checkPayload(payloadOf('refuse'), { reason: 'no' })).toEqual({ isValid: false, errors: { reason: 'Indica il motivo (almeno 5 caratteri).' } });
    expect(checkPayload(payloadOf('emit'), { policyNumber: 'P-1', effectiveDate: todayInItaly(), expiryDate: addDaysIso(todayInItaly(), -1) })).toEqual({
      isValid: false,
      errors: { expiryDate: 'La scadenza deve essere successiva alla decorrenza.' },
    });
  });

  it('answers the payload as the server will read it', () => {
    expect(checkPayload(payloadOf('refuse'), { reason: '  Premio troppo alto  ' })).toEqual({ isValid: true, payload: { reason: 'Premio troppo alto' } });
  });
});
