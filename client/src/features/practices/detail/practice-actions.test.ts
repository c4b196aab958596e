import { describe, expect, it } from 'vitest';
import { rcaDefinition } from '../../../../../shared/practices/rca';
import type { TAnySectorDefinition } from '../../../../../shared/practices/definition';
import { canTake, offeredTransitions } from './practice-actions';

const definition = rcaDefinition as TAnySectorDefinition;
const names = (offers: ReturnType<typeof offeredTransitions>) => offers.map((offer) => offer.transition.name);

describe('offeredTransitions', () => {
  it('offers the corner "Richiedi emissione" while quotating, and nothing the brokers do', () => {
    const offers = offeredTransitions(definition, { state: 'quotating', brokerId: null, brokerName: null }, { id: 'c1', role: 'corner' });
    expect(names(offers)).toEqual(['askEmission']);
    expect(offers[0]!.blockedReason).toBeNull();
  });

  it('offers the broker who has the practice emit, refuse and back to quotation once emission is asked', () => {
    const offers = offeredTransitions(definition, { state: 'askEmission', brokerId: 'b1', brokerName: 'Bruno' }, { id: 'b1', role: 'broker' });
    expect(names(offers)).toEqual(['emit', 'refuse', 'backToQuotation']);
    expect(offers.every((offer) => offer.blockedReason === null)).toBe(true);
  });

  it('blocks what needs the practice taken, with the engine’s message, for a broker who has not taken it', () => {
    const untaken = offeredTransitions(definition, { state: 'askEmission', brokerId: null, brokerName: null }, { id: 'b1', role: 'broker' });
    expect(untaken.find((offer) => offer.transition.name === 'emit')!.blockedReason).toBe('Prendi prima in carico la pratica.');
    expect(untaken.find((offer) => offer.transition.name === 'backToQuotation')!.blockedReason).toBeNull();
    const other = offeredTransitions(definition, { state: 'askEmission', brokerId: 'b2', brokerName: 'Berta' }, { id: 'b1', role: 'broker' });
    expect(other.find((offer) => offer.transition.name === 'refuse')!.blockedReason).toBe('La pratica è in carico a Berta.');
  });

  it('lets an admin make every transition from the state, and nobody act on a closed practice', () => {
    expect(names(offeredTransitions(definition, { state: 'askEmission', brokerId: null, brokerName: null }, { id: 'a', role: 'admin' }))).toEqual(['emit', 'refuse', 'backToQuotation']);
    expect(offeredTransitions(definition, { state: 'emitted', brokerId: 'b1', brokerName: 'Bruno' }, { id: 'a', role: 'admin' })).toEqual([]);
  });
});

describe('what a transition still needs', () => {
  it('shows the server’s reasons per transition, without repeating the one that disables the button', () => {
    const blockers = [
      { transition: 'emit', reasons: ['Prendi prima in carico la pratica.', 'Per emettere carica prima il documento: Polizza emessa.'] },
      { transition: 'refuse', reasons: [] },
    ];
    const offers = offeredTransitions(definition, { state: 'askEmission', brokerId: null, brokerName: null, blockers }, { id: 'b1', role: 'broker' });
    const emit = offers.find((offer) => offer.transition.name === 'emit')!;
    expect(emit.blockedReason).toBe('Prendi prima in carico la pratica.');
    expect(emit.missing).toEqual(['Per emettere carica prima il documento: Polizza emessa.']);
    expect(offers.find((offer) => offer.transition.name === 'refuse')!.missing).toEqual([]);
    expect(offers.find((offer) => offer.transition.name === 'backToQuotation')!.missing).toEqual([]);
    // A practice from a list (no blockers read): nothing is said to be missing.
    expect(offeredTransitions(definition, { state: 'quotating', brokerId: null, brokerName: null }, { id: 'c1', role: 'corner' })[0]!.missing).toEqual([]);
  });
});

describe('canTake', () => {
  it('is offered to a broker on an open practice nobody has', () => {
    expect(canTake(definition, { state: 'quotating', brokerId: null, brokerName: null }, { id: 'b1', role: 'broker' })).toBe(true);
    expect(canTake(definition, { state: 'quotating', brokerId: 'b2', brokerName: 'Berta' }, { id: 'b1', role: 'broker' })).toBe(false);
    expect(canTake(definition, { state: 'notEmitted', brokerId: null, brokerName: null }, { id: 'b1', role: 'broker' })).toBe(false);
    expect(canTake(definition, { state: 'quotating', brokerId: null, brokerName: null }, { id: 'c1', role: 'corner' })).toBe(false);
  });
});
