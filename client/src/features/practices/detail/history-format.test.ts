import { describe, expect, it } from 'vitest';
import type { TAnySectorDefinition } from '../../../../../shared/practices/definition';
import { rcaDefinition } from '../../../../../shared/practices/rca';
import type { TPracticeHistoryEntry } from '../../../../../shared/schemas/practices';
import { rcaFieldLabel } from '../sectors/rca/rca-summary';
import { describeHistoryEntry, formatHistoryValue } from './history-format';

const entry = (patch: Partial<TPracticeHistoryEntry>): TPracticeHistoryEntry => ({
  id: '1',
  at: new Date('2026-11-23T10:00:00Z'),
  kind: 'created',
  actorId: 'u1',
  actorName: 'Carla Corner',
  impersonatorId: null,
  impersonatorName: null,
  fromState: null,
  toState: null,
  changes: [],
  payload: {},
  ...patch,
});
const definition = rcaDefinition as TAnySectorDefinition;

describe('describeHistoryEntry', () => {
  it('names the action and both states of a transition, with the reason', () => {
    const view = describeHistoryEntry(
      entry({ kind: 'state_changed', fromState: 'askEmission', toState: 'notEmitted', actorName: 'Bruno Broker', payload: { transition: 'refuse', reason: 'Rischio non assumibile' } }),
      definition,
    );
    expect(view).toEqual({ title: 'Non emettere: Richiesta emissione → Non emessa', by: 'Bruno Broker', lines: [{ label: 'Motivo', to: 'Rischio non assumibile' }] });
  });

  it('says when a state came from a supplier’s outcome file', () => {
    const view = describeHistoryEntry(entry({ kind: 'state_changed', fromState: 'askEmission', toState: 'notEmitted', payload: { transition: 'refuse', import: true } }), definition);
    expect(view.lines).toEqual([{ label: 'Dal file esiti del fornitore', to: 'Sì' }]);
  });

  it('tells what changed from and to with the sector’s labels, and the admin behind an impersonation', () => {
    const view = describeHistoryEntry(
      entry({ kind: 'data_changed', impersonatorId: 'a1', impersonatorName: 'Ada Admin', changes: [{ path: 'vehicle.plate', from: 'AB123CD', to: 'AB123CE' }, { path: 'startDate', from: '2027-03-31', to: '2027-04-01' }] }),
      definition,
      rcaFieldLabel,
    );
    expect(view.title).toBe('Dati modificati');
    expect(view.by).toBe('Ada Admin come Carla Corner');
    expect(view.lines).toEqual([
      { label: 'Targa', from: 'AB123CD', to: 'AB123CE' },
      { label: 'Decorrenza richiesta', from: '31/03/2027', to: '01/04/2027' },
    ]);
  });

  it('hides ids in the payload and shows an unknown kind as stored', () => {
    expect(describeHistoryEntry(entry({ kind: 'quotation_chosen', payload: { quotationId: 'q1' } }), definition).lines).toEqual([]);
    expect(describeHistoryEntry(entry({ kind: 'something_new' }), definition).title).toBe('something_new');
  });
});

describe('describeHistoryEntry for quotations', () => {
  it('names the quotation’s fields and writes amounts in euro', () => {
    const view = describeHistoryEntry(
      entry({ kind: 'quotation_changed', changes: [{ path: 'premiumCents', from: 48_000, to: 45_050 }, { path: 'covers', from: [{ code: 'glass', label: 'Cristalli' }], to: [] }], payload: { quotationId: 'q1', companyName: 'Alfa', unchosen: true } }),
      definition,
      rcaFieldLabel,
    );
    expect(view.title).toBe('Preventivo modificato');
    const plain = (text: string | undefined) => text?.replace(/\s/g, ' ');
    expect(view.lines.map((line) => [line.label, plain(line.from), plain(line.to)])).toEqual([
      ['Premio', '480,00 €', '450,50 €'],
      ['Garanzie', 'Cristalli', '—'],
      ['Compagnia', undefined, 'Alfa'],
    ]);
  });
});

describe('formatHistoryValue', () => {
  it('writes values as people read them', () => {
    expect(formatHistoryValue(null)).toBe('—');
    expect(formatHistoryValue(true)).toBe('Sì');
    expect(formatHistoryValue(['fireTheft', 'kasko'])).toBe('fireTheft, kasko');
  });
});
