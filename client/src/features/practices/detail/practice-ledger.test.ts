import { describe, expect, it } from 'vitest';
import type { TOfferSnapshot } from '../../../../../shared/practices/utility-offers';
import type { TLedgerEntry } from '../../../../../shared/schemas/ledger';
import { clawbackWindowText, formatSignedCents, isUtilityPractice, ledgerNetCents, ledgerRows, offerOfPractice, pendingCommissionText, supplyDates } from './practice-ledger';

// Intl puts a no-break space between the amount and the euro sign.
const normalize = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

const offer = (patch: Partial<TOfferSnapshot> = {}): TOfferSnapshot => ({ id: 'metano-italia-gas-casa', supplier: 'Metano Italia S.p.A.', name: 'Gas Casa Fisso 12', commissionCents: 4500, clawbackMonths: 12, docs: [], ...patch });

const entry = (patch: Partial<TLedgerEntry>): TLedgerEntry => ({
  id: 'e1',
  cornerId: 'c1',
  practiceId: 'p1',
  sector: 'luce-e-gas',
  kind: 'commission',
  amountCents: 4500,
  description: 'Provvigione attivazione Gas · Via Roma 10, 20121 Milano (MI)',
  createdAt: new Date(2027, 1, 1, 10, 0),
  ...patch,
});
const commission = entry({});
const clawback = entry({ id: 'e2', kind: 'clawback', amountCents: -4500, description: 'Storno provvigione: fornitura cessata entro 12 mesi', createdAt: new Date(2027, 5, 30, 9, 0) });

const subject = (patch: { ledger?: TLedgerEntry[]; supplyStartDate?: string | null; supplyEndDate?: string | null } = {}) => ({ ledger: [], supplyStartDate: null, supplyEndDate: null, ...patch });

describe('isUtilityPractice', () => {
  it('holds for luce e gas and GPL only', () => {
    expect(isUtilityPractice('luce-e-gas')).toBe(true);
    expect(isUtilityPractice('gpl')).toBe(true);
    expect(isUtilityPractice('rca')).toBe(false);
  });
});

describe('offerOfPractice', () => {
  it('reads the offer snapshot of the data, null without one', () => {
    expect(offerOfPractice({ offer: offer() })?.commissionCents).toBe(4500);
    expect(offerOfPractice({})).toBeNull();
    expect(offerOfPractice(null)).toBeNull();
  });
});

describe('ledgerRows and ledgerNetCents', () => {
  it('labels a commission and a clawback, signs their amounts and nets them', () => {
    const rows = ledgerRows([commission, clawback]);
    expect(rows.map((row) => [row.date, row.label, normalize(row.amount), row.isClawback])).toEqual([
      ['01/02/2027', 'Provvigione', '+45,00 €', false],
      ['30/06/2027', 'Storno provvigione', '-45,00 €', true],
    ]);
    expect(rows[1]?.description).toBe('Storno provvigione: fornitura cessata entro 12 mesi');
    expect(ledgerNetCents([commission, clawback])).toBe(0);
    expect(ledgerNetCents([commission])).toBe(4500);
    expect(normalize(formatSignedCents(0))).toBe('0,00 €');
  });
});

describe('pendingCommissionText', () => {
  it('announces the offer’s commission until the supply is activated', () => {
    expect(normalize(pendingCommissionText(subject(), offer()))).toBe('La provvigione di 45,00 € sarà riconosciuta quando la fornitura risulterà attivata.');
  });
  it('says there is none when the offer has no commission', () => {
    expect(pendingCommissionText(subject(), offer({ commissionCents: null }))).toBe('Per l’offerta scelta non è prevista alcuna provvigione.');
    expect(pendingCommissionText(subject(), offer({ commissionCents: 0 }))).toBe('Per l’offerta scelta non è prevista alcuna provvigione.');
    expect(pendingCommissionText(subject(), null)).toBe('Per l’offerta scelta non è prevista alcuna provvigione.');
  });
  it('does not promise a commission on a supply already started without one', () => {
    expect(pendingCommissionText(subject({ supplyStartDate: '2027-02-01' }), offer())).toBe('Nessuna provvigione registrata per questa attivazione.');
  });
});

describe('clawbackWindowText', () => {
  const active = subject({ ledger: [commission], supplyStartDate: '2027-02-01' });
  it('tells until when an early end takes the commission back (start + the offer’s months)', () => {
    expect(clawbackWindowText(active, offer(), '2027-03-10')).toBe('Se la fornitura cessa prima del 01/02/2028 la provvigione sarà stornata.');
    expect(clawbackWindowText(active, offer({ clawbackMonths: 6 }), '2027-03-10')).toBe('Se la fornitura cessa prima del 01/08/2027 la provvigione sarà stornata.');
  });
  it('says the window is over from its last day on', () => {
    expect(clawbackWindowText(active, offer(), '2028-02-01')).toBe('Periodo di storno concluso: dal 01/02/2028 la provvigione non può più essere stornata.');
  });
  it('says an offer without clawback keeps the commission', () => {
    expect(clawbackWindowText(active, offer({ clawbackMonths: 0 }), '2027-03-10')).toBe('L’offerta non prevede lo storno: la provvigione resta riconosciuta anche se la fornitura cessa.');
  });
  it('says a supply ended after the window keeps it, and nothing once taken back or before activation', () => {
    expect(clawbackWindowText({ ...active, supplyEndDate: '2028-03-01' }, offer(), '2028-03-02')).toBe('La fornitura è cessata dopo il periodo di storno: la provvigione resta riconosciuta.');
    expect(clawbackWindowText({ ...active, ledger: [commission, clawback], supplyEndDate: '2027-06-30' }, offer(), '2027-07-01')).toBeNull();
    expect(clawbackWindowText(subject(), offer(), '2027-03-10')).toBeNull();
  });
});

describe('supplyDates', () => {
  const practice = { sector: 'gpl' as const, expectedStartDate: '2027-02-01', supplyStartDate: null, supplyEndDate: null };
  it('shows the expected start until the supply starts, then the start and the end', () => {
    expect(supplyDates(practice)).toEqual([{ label: 'Decorrenza prevista', value: '01/02/2027' }]);
    expect(supplyDates({ ...practice, supplyStartDate: '2027-02-03' })).toEqual([{ label: 'Attiva dal', value: '03/02/2027' }]);
    expect(supplyDates({ ...practice, supplyStartDate: '2027-02-03', supplyEndDate: '2028-01-31' })).toEqual([
      { label: 'Attiva dal', value: '03/02/2027' },
      { label: 'Cessata il', value: '31/01/2028' },
    ]);
  });
  it('leaves the expected start of luce e gas to its summary ("Avvio previsto"), and shows nothing when no date is set', () => {
    expect(supplyDates({ ...practice, sector: 'luce-e-gas' })).toEqual([]);
    expect(supplyDates({ ...practice, expectedStartDate: null })).toEqual([]);
  });
});
