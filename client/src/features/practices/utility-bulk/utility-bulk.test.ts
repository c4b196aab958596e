import { describe, expect, it } from 'vitest';
import { BULK_MSG, OUTCOMES, type TOutcomeReport } from '../../../../../shared/schemas/utility-bulk';
import {
  base64ToBytes,
  csvCell,
  exportedMessage,
  isUtilityBulkSector,
  outcomeLabel,
  reportFilename,
  reportSummary,
  reportToCsv,
  selectedLabel,
  setAllSelected,
  shownReportRows,
  toggleSelected,
} from './utility-bulk';

const PRACTICE = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const REPORT: TOutcomeReport = {
  applied: 1,
  errors: 2,
  skipped: 0,
  rows: [
    { row: 2, code: 'IT001E12345601', outcome: 'activated', status: 'applied', message: BULK_MSG.applied('Attivata'), practiceId: PRACTICE, title: 'Rossi; via Roma 1' },
    { row: 3, code: '=HYPERLINK("x")', outcome: null, status: 'error', message: BULK_MSG.outcomeInvalid, practiceId: null, title: null },
    { row: 4, code: '00881234567002', outcome: 'rejected', status: 'error', message: BULK_MSG.notTaken, practiceId: PRACTICE, title: 'Bianchi' },
  ],
};

describe('the sectors with bulk work', () => {
  it('are luce e gas and GPL only', () => {
    expect(isUtilityBulkSector('luce-e-gas')).toBe(true);
    expect(isUtilityBulkSector('gpl')).toBe(true);
    expect(isUtilityBulkSector('rca')).toBe(false);
    expect(isUtilityBulkSector('fideiussioni')).toBe(false);
  });
});

describe('the selection across pages', () => {
  it('toggles one id without touching the set it was given', () => {
    const start: ReadonlySet<string> = new Set(['a']);
    const added = toggleSelected(start, 'b');
    expect([...added]).toEqual(['a', 'b']);
    expect([...toggleSelected(added, 'a')]).toEqual(['b']);
    expect([...start]).toEqual(['a']);
  });

  it('selects and deselects a whole page, keeping what was chosen on other pages', () => {
    const otherPage: ReadonlySet<string> = new Set(['x']);
    const withPage = setAllSelected(otherPage, ['a', 'b'], true);
    expect([...withPage].sort()).toEqual(['a', 'b', 'x']);
    expect([...setAllSelected(withPage, ['a', 'b'], false)]).toEqual(['x']);
    // Selecting a page twice does not count its ids twice.
    expect(setAllSelected(withPage, ['a', 'b'], true).size).toBe(3);
  });
});

describe('the texts', () => {
  it('counts the selection and the export in Italian', () => {
    expect(selectedLabel(1)).toBe('1 selezionata');
    expect(selectedLabel(3)).toBe('3 selezionate');
    expect(exportedMessage(1)).toBe('Esportata 1 attivazione.');
    expect(exportedMessage(12)).toBe('Esportate 12 attivazioni.');
    expect(exportedMessage(10000)).toBe('Esportate 10.000 attivazioni.');
  });

  it('sums up the report and names each outcome', () => {
    expect(reportSummary(REPORT)).toBe('Applicate: 1 · Non applicate: 2');
    expect(reportSummary({ applied: 0, errors: 0 })).toBe('Applicate: 0 · Non applicate: 0');
    expect(reportSummary({ applied: 2, errors: 0, skipped: 3 })).toBe('Applicate: 2 · Non applicate: 0 · Saltate: 3');
    expect(outcomeLabel('ceased')).toBe(OUTCOMES.ceased);
    expect(outcomeLabel(null)).toBe('—');
  });

  it('filters the report to the rows not applied', () => {
    expect(shownReportRows(REPORT.rows, false)).toHaveLength(3);
    expect(shownReportRows(REPORT.rows, true).map((row) => row.row)).toEqual([3, 4]);
  });
});

describe('the report as CSV', () => {
  it('writes one line per row with a byte order mark and semicolons, quoting and disarming what Excel would misread', () => {
    const csv = reportToCsv(REPORT);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Riga;Codice;Esito;Stato;Messaggio;Pratica;Codice pratica',
      `2;IT001E12345601;Attivata;Applicata;Aggiornata: Attivata.;"Rossi; via Roma 1";${PRACTICE}`,
      `3;"'=HYPERLINK(""x"")";;Non applicata;${BULK_MSG.outcomeInvalid};;`,
      `4;00881234567002;Respinta;Non applicata;${BULK_MSG.notTaken};Bianchi;${PRACTICE}`,
      '',
    ]);
  });

  it('keeps plain cells as they are and formulas as text', () => {
    expect(csvCell('IT001E12345601')).toBe('IT001E12345601');
    expect(csvCell('+39 02 1234')).toBe("'+39 02 1234");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('riga\nnuova')).toBe('"riga\nnuova"');
  });

  it('names the file after the sector and the day in Italy', () => {
    // 23:30 UTC on 24 November is already the 25th in Rome.
    expect(reportFilename('gpl', new Date('2026-11-24T23:30:00Z'))).toBe('esiti-gpl-2026-11-25-report.csv');
  });
});

describe('the export file', () => {
  it('decodes the base64 of the tRPC answer to its bytes', () => {
    const bytes = base64ToBytes(Buffer.from('\uFEFFCodice pratica;Stato', 'utf8').toString('base64'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe('Codice pratica;Stato');
  });
});
