import type { TGplData } from '../../../../../../shared/practices/gpl';
import type { TLuceGasData } from '../../../../../../shared/practices/luce-e-gas';
import { offerLabel } from '../../../../../../shared/practices/utility-offers';
import type { TPractice } from '../../../../../../shared/schemas/practices';
import { formatDate } from '../../../../lib/format';
import { startOfLocalDay, type TUtilitySector } from '../../practices-list';

/**
 * What the utility lists show of an activation beside the engine's columns: the meter's codes (luce e gas), the
 * offer chosen and where the supply stands (expected to start, active, ended). `data` comes typed as unknown from the
 * list; it is read defensively, as data of an older version may lack a part.
 */

export type TSupplyCode = { kind: 'POD' | 'PDR'; code: string };
export type TSupplyStart = { kind: 'expected' | 'active' | 'ceased'; label: string };
export type TUtilityColumns = {
  supplyCodes: TSupplyCode[];
  /** "Fornitore · Offerta" (the offer's code when the snapshot has neither); null without an offer. */
  offerLabel: string | null;
  /** Null while the start has no date yet (a voltura or subentro follows the distributor's times). */
  expectedStart: TSupplyStart | null;
};

// The paths in the sectors' data, checked against their types: a renamed field breaks the build, not the column.
const POD_PATH = ['electricity', 'pod'] as const satisfies readonly [keyof TLuceGasData, keyof NonNullable<TLuceGasData['electricity']>];
const PDR_PATH = ['gas', 'pdr'] as const satisfies readonly [keyof TLuceGasData, keyof NonNullable<TLuceGasData['gas']>];
const OFFER_KEY = 'offer' satisfies keyof TLuceGasData & keyof TGplData;

const asRecord = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const textAt = (value: unknown, key: string): string => {
  const field = asRecord(value)?.[key];
  return typeof field === 'string' ? field.trim() : '';
};

/** A day "YYYY-MM-DD" is a calendar day: read as a local date, it shows the same day west of Greenwich too. */
const formatDay = (day: string): string => formatDate(startOfLocalDay(day) ?? day);

const supplyCodesOf = (data: Record<string, unknown> | null): TSupplyCode[] => {
  const pod = textAt(data?.[POD_PATH[0]], POD_PATH[1]);
  const pdr = textAt(data?.[PDR_PATH[0]], PDR_PATH[1]);
  return [...(pod ? [{ kind: 'POD' as const, code: pod }] : []), ...(pdr ? [{ kind: 'PDR' as const, code: pdr }] : [])];
};

const offerLabelOf = (data: Record<string, unknown> | null): string | null => {
  const offer = asRecord(data?.[OFFER_KEY]);
  if (!offer) return null;
  const label = offerLabel({ supplier: textAt(offer, 'supplier'), name: textAt(offer, 'name') });
  return label || textAt(offer, 'id') || null;
};

/** The end wins over the start, the start over the expectation: the latest fact about the supply. */
const supplyStartOf = ({ expectedStartDate, supplyStartDate, supplyEndDate }: Pick<TPractice, 'expectedStartDate' | 'supplyStartDate' | 'supplyEndDate'>): TSupplyStart | null => {
  if (supplyEndDate) return { kind: 'ceased', label: `Cessata il ${formatDay(supplyEndDate)}` };
  if (supplyStartDate) return { kind: 'active', label: `Attiva dal ${formatDay(supplyStartDate)}` };
  if (expectedStartDate) return { kind: 'expected', label: formatDay(expectedStartDate) };
  return null;
};

/** The utility columns of a practice of luce e gas or GPL (GPL has no meter code). */
export const utilityColumns = (sector: TUtilitySector, practice: Pick<TPractice, 'data' | 'expectedStartDate' | 'supplyStartDate' | 'supplyEndDate'>): TUtilityColumns => {
  const data = asRecord(practice.data);
  return {
    supplyCodes: sector === 'luce-e-gas' ? supplyCodesOf(data) : [],
    offerLabel: offerLabelOf(data),
    expectedStart: supplyStartOf(practice),
  };
};

/** "POD IT001E12345678 · PDR 00881234567890": the codes on one line, under the title on a phone. */
export const supplyCodesText = (codes: readonly TSupplyCode[]): string => codes.map(({ kind, code }) => `${kind} ${code}`).join(' · ');
