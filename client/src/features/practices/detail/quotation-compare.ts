import { INSTALMENT_LABELS, type TInstalments } from '../../../../../shared/practices/quotation';
import { formatCents, formatDate } from '../../../lib/format';

/** The parts of a quotation the comparison reads (shared/schemas/quotations.ts ZQuotation has them all). */
export type TComparedQuotation = {
  id: string;
  companyName: string;
  agencyName: string | null;
  premiumCents: number;
  instalments: number;
  personInjuryCents: number | null;
  propertyDamageCents: number | null;
  insuredCents?: number | null;
  covers: readonly { code: string; label: string; limitCents?: number | null; deductibleCents?: number | null }[];
  conditions: string;
  validUntil: string;
};

/** One row of the side-by-side table: a label, one cell per quotation, and whether the quotations differ on it. */
export type TComparisonRow = { key: string; label: string; cells: string[]; differs: boolean; best?: number };

const instalmentsLabel = (value: number) => INSTALMENT_LABELS[value as TInstalments] ?? `${value} rate`;

const coverCell = (cover: TComparedQuotation['covers'][number] | undefined): string => {
  if (!cover) return 'Non inclusa';
  const parts = [cover.limitCents != null ? `massimale ${formatCents(cover.limitCents)}` : null, cover.deductibleCents != null ? `franchigia ${formatCents(cover.deductibleCents)}` : null].filter(Boolean);
  return parts.length > 0 ? `Inclusa (${parts.join(', ')})` : 'Inclusa';
};

/** Index of the lowest value, when the values are not all equal (the cheapest premium stands out). */
const lowestOf = (values: number[]): number | undefined => {
  if (values.length < 2 || values.every((value) => value === values[0])) return undefined;
  return values.indexOf(Math.min(...values));
};

/**
 * The quotations side by side (the corner's comparison, issue 15): premium, instalments, limits or insured sum, every cover any
 * of them includes (by code, in order of first appearance), conditions and validity. A row whose cells are not all
 * the same is marked, so the page highlights what differs.
 */
export const compareQuotations = (quotations: readonly TComparedQuotation[], insuredLabel = 'Somma assicurata'): TComparisonRow[] => {
  const row = (key: string, label: string, cells: string[], best?: number): TComparisonRow => ({
    key,
    label,
    cells,
    differs: cells.some((cell) => cell !== cells[0]),
    ...(best === undefined ? {} : { best }),
  });
  /** A row of an amount only the quotations of some sectors state (RC Auto's limits, the others' insured sum). */
  const amountRow = (key: string, label: string, amounts: (number | null)[]) =>
    amounts.some((amount) => amount !== null) ? [row(key, label, amounts.map((amount) => (amount === null ? '—' : formatCents(amount))))] : [];
  const coverCodes: { code: string; label: string }[] = [];
  for (const quotation of quotations) {
    for (const cover of quotation.covers) if (!coverCodes.some((known) => known.code === cover.code)) coverCodes.push({ code: cover.code, label: cover.label });
  }
  return [
    row('company', 'Compagnia', quotations.map((quotation) => quotation.companyName)),
    row('agency', 'Agenzia', quotations.map((quotation) => quotation.agencyName || '—')),
    row('premium', 'Premio annuo', quotations.map((quotation) => formatCents(quotation.premiumCents)), lowestOf(quotations.map((quotation) => quotation.premiumCents))),
    row('instalments', 'Frazionamento', quotations.map((quotation) => instalmentsLabel(quotation.instalments))),
    ...amountRow('personInjury', 'Massimale danni alle persone', quotations.map((quotation) => quotation.personInjuryCents)),
    ...amountRow('propertyDamage', 'Massimale danni alle cose', quotations.map((quotation) => quotation.propertyDamageCents)),
    ...amountRow('insured', insuredLabel, quotations.map((quotation) => quotation.insuredCents ?? null)),
    ...coverCodes.map((cover) => row(`cover:${cover.code}`, cover.label, quotations.map((quotation) => coverCell(quotation.covers.find((candidate) => candidate.code === cover.code))))),
    row('conditions', 'Condizioni', quotations.map((quotation) => quotation.conditions || '—')),
    row('validUntil', 'Valido fino al', quotations.map((quotation) => formatDate(`${quotation.validUntil}T00:00:00`))),
  ];
};
