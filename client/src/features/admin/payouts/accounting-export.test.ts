import { describe, expect, it } from 'vitest';
import { fetchAllPages, payoutRows, toCsv } from './accounting-export';

describe('accounting export', () => {
  it('walks every page of a list', async () => {
    const asked: number[] = [];
    const all = await fetchAllPages(async (page, limit) => {
      asked.push(page);
      const start = (page - 1) * limit;
      return { list: Array.from({ length: Math.max(0, Math.min(limit, 450 - start)) }, (_, index) => start + index), total: 450 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(all).toHaveLength(450);
    expect(all.at(-1)).toBe(449);
  });

  it('writes euros as numbers with Italian headers, and CSV with ; and the decimal comma', () => {
    const rows = payoutRows([
      {
        id: 'a',
        cornerId: 'c',
        cornerName: 'Rossi; Bianchi Srl',
        cornerType: 'azienda',
        method: 'invoice',
        state: 'paid',
        thresholdCrossed: false,
        amountCents: 123_456,
        withholdingCents: 14_198,
        stampCents: 200,
        netCents: 109_258,
        number: '2026/0001',
        year: 2026,
        giftcardName: null,
        giftcardCode: null,
        transferDate: '2026-03-05',
        reference: 'CRO123',
        paidAt: new Date('2026-03-05T10:00:00Z'),
        createdAt: new Date('2026-03-01T10:00:00Z'),
        documentUrl: '/api/payouts/a/document',
      },
    ]);
    expect(rows[0]).toMatchObject({ Corner: 'Rossi; Bianchi Srl', Tipo: 'Azienda', Modalità: 'Fattura', Stato: 'Pagato', 'Importo lordo (€)': 1234.56, 'Netto (€)': 1092.58 });
    const csv = toCsv(rows);
    const [header, line] = csv.slice(1).split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(header).toBe('Corner;Tipo;Richiesto il;Modalità;Numero;Stato;Importo lordo (€);Ritenuta (€);Bollo (€);Netto (€);Data bonifico;Riferimento bonifico;Gift card;Pagato il');
    expect(line).toBe('"Rossi; Bianchi Srl";Azienda;01/03/2026;Fattura;2026/0001;Pagato;1234,56;141,98;2,00;1092,58;05/03/2026;CRO123;;05/03/2026');
  });
});
