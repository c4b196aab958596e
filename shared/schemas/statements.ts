import { z } from 'zod';
import { todayInItaly } from '../rules/italian-day';

/**
 * The monthly commission statement (estratto conto provvigionale) of a corner: for one calendar month in Italy, the
 * balance it opens with, every ledger entry of the month (commissions, clawbacks, payouts, corrections: each by its
 * own description and signed amount) and the balance it closes with. A job makes last month's on the 1st for every
 * corner with movements and stores it among the corner's documents; a corner downloads any month on demand.
 */

export const STATEMENT_MSG = {
  monthInvalid: 'Mese non valido: indicalo come AAAA-MM (per esempio 2026-10).',
  monthFuture: 'Il mese scelto non è ancora iniziato: scegli il mese in corso o uno passato.',
  brokerForbidden: 'L’estratto conto provvigionale è dei corner e degli amministratori.',
  cornerRequired: 'Scegli il corner di cui vuoi l’estratto conto.',
  cornerNotFound: 'Corner non trovato.',
  title: (label: string) => `Estratto conto provvigionale — ${label}`,
  fileName: (label: string) => `Estratto conto provvigionale ${label}.pdf`,
  mailSubject: (label: string) => `Il tuo estratto conto provvigionale di ${label}`,
} as const;

/** docType of the statements stored among the corner's documents. */
export const STATEMENT_DOC_TYPE = 'ledger-statement';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'] as const;

/** "2026-10" -> "ottobre 2026". */
export const monthLabel = (month: string): string => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The month in Italy as YYYY-MM (the one in course by default). */
export const monthInItaly = (now: Date = new Date()): string => todayInItaly(now).slice(0, 7);

/** The month before `month` ("2026-01" -> "2025-12"). */
export const previousMonth = (month: string): string => {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return index === 0 ? `${year - 1}-12` : `${year}-${String(index).padStart(2, '0')}`;
};

/** The month after `month` ("2026-12" -> "2027-01"). */
export const nextMonth = (month: string): string => {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) + 1;
  return index === 13 ? `${year + 1}-01` : `${year}-${String(index).padStart(2, '0')}`;
};

/** A month up to the one in course in Italy, from 2000 on: one message, the first rule it breaks. */
export const zStatementMonth = z.string({ error: STATEMENT_MSG.monthInvalid }).superRefine((month, ctx) => {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month < '2000-01') ctx.addIssue({ code: 'custom', message: STATEMENT_MSG.monthInvalid });
  else if (month > monthInItaly()) ctx.addIssue({ code: 'custom', message: STATEMENT_MSG.monthFuture });
});

/** GET /api/ledger/statement?month=YYYY-MM[&cornerId] and tRPC statements.produce: `cornerId` is for admins. */
export const ZStatementQuery = z.object({
  month: zStatementMonth,
  cornerId: z.guid({ error: STATEMENT_MSG.cornerNotFound }).optional(),
});
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

/**
 * What statements.produce answers: a closed month's statement stored among the corner's documents (`fileId`,
 * `path` as files/<id>), or, for the month in course (still open, never stored), null and the address that makes it.
 */
export const ZStatementFile = z.object({
  month: z.string(),
  name: z.string(),
  fileId: z.string().nullable(),
  path: z.string().nullable(),
  /** Where the client opens it: the stored file's viewer, or GET /api/ledger/statement for the open month. */
  url: z.string(),
});
export type TStatementFile = z.infer<typeof ZStatementFile>;
