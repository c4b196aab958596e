import type { TSupplyOperation } from './luce-e-gas';

/**
 * When an activation is expected to take effect (issue 16 "Timeline"), as one configurable rule.
 *
 * Switch of supplier: a request the new supplier files through the Sistema Informativo Integrato by the 10th day of a
 * month takes effect on the 1st of the next month; one filed later, on the 1st of the month after (ARERA, deliberazione
 * 487/2015/R/eel for electricity; the same calendar for gas since deliberazione 77/2018/R/com). Directive (EU)
 * 2019/944 art. 12 asks member states to bring the technical switch down to 24 hours by 2026, and ARERA is moving there:
 * when it does, change SWITCH_RULE (or pass another rule), not the callers.
 * Voltura (new holder on an active meter) and subentro (reopening a closed meter) follow the distributor's times,
 * shown as ranges; a contract signed at a distance or off premises can be withdrawn within 14 days (D.Lgs. 206/2005,
 * Codice del consumo, art. 52).
 */

export type TSwitchRule = { cutoffDay: number };
export const SWITCH_RULE: TSwitchRule = { cutoffDay: 10 };

const pad = (value: number) => String(value).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/** The day a switch requested on `requestDate` (ISO) takes effect under `rule`. */
export const switchStartDate = (requestDate: string, rule: TSwitchRule = SWITCH_RULE): string => {
  const [year, month, day] = requestDate.split('-').map(Number) as [number, number, number];
  return isoOf(year, month - 1 + (day <= rule.cutoffDay ? 1 : 2), 1);
};

/** What the corner is told to expect for each kind of operation. */
export const OPERATION_TIMES: Readonly<Record<TSupplyOperation, string>> = {
  switch: 'dal primo giorno del mese indicato',
  voltura: 'di solito da 4 a 7 giorni lavorativi',
  subentro: 'circa 7 giorni lavorativi per la luce, 12 per il gas',
  firstActivation: 'secondo i tempi del distributore, dopo il sopralluogo',
  newConnection: 'secondo i tempi del distributore per i lavori di allaccio',
};

/** Days a distance or off-premises contract can be withdrawn (Codice del consumo, art. 52). */
export const WITHDRAWAL_DAYS = 14;

/** The last day of the withdrawal window of a contract signed on `signedOn` (ISO). */
export const withdrawalEnds = (signedOn: string): string => {
  const [year, month, day] = signedOn.split('-').map(Number) as [number, number, number];
  return isoOf(year, month - 1, day + WITHDRAWAL_DAYS);
};
