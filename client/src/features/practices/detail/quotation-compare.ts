import { INSTALMENT_LABELS, RCA_COVER_LIST, type TInstalments } from '../../../../../shared/practices/quotation';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { formatCents, formatDate } from '../../../lib/format';

/**
 * A cover the corner asked for in the request: RC Auto's by catalogue code (data.covers), altri rami's by the name
 * the corner wrote (data.covers); a surety names none.
 */
export type TRequestedCover = { code: string | null; label: string };

const foldName = (name: string) => name.trim().toLocaleLowerCase('it-IT').replace(/\s+/g, ' ');
const sameCoverName = (left: string, right: string) => foldName(left) === foldName(right);

export const requestedCoversOf = (sector: TSectorSlug, data: unknown): TRequestedCover[] => {
  const covers = typeof data === 'object' && data !== null && 'covers' in data && Array.isArray(data.covers) ? (data.covers as unknown[]) : [];
  if (sector === 'rca') return RCA_COVER_LIST.filter(({ code }) => covers.includes(code)).map(({ code, label }) => ({ code, label }));
  if (sector === 'altri-rami') {
    const names = covers.filter((cover): cover is string => typeof cover === 'string').map((cover) => cover.trim()).filter(Boolean);
    return names.filter((name, index) => names.findIndex((other) => sameCoverName(other, name)) === index).map((label) => ({ code: null, label }));
  }
  return [];
};

/** Whether a quotation includes a requested cover: the same catalogue code, or the same name (case and blanks aside). */
export const includesCover = (covers: TComparedQuotation['covers'], requested: TRequestedCover): boolean =>
  covers.some((cover) => (requested.code !== null && cover.code === requested.code) || sameCoverName(cover.label, requested.label));

/** The names of the requested covers a quotation leaves out, in the request's order. */
export const missingCovers = (requested: readonly TRequestedCover[], covers: TComparedQuotation['covers']): string[] =>
  requested.filter((cover) => !includesCover(covers, cover)).map((cover) => cover.label);

/** The warning on a quotation that leaves out requested covers: «Non include: Furto e incendio, Cristalli»; null when none. */
export const missingCoversWarning = (requested: readonly TRequestedCover[], covers: TComparedQuotation['covers']): string | null => {
  const missing = missingCovers(requested, covers);
  return missing.length > 0 ? `Non include: ${missing.join(', ')}` : null;
};

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
export const compareQuotations = (quotations: readonly TComparedQuotation[], insuredLabel = 'Somma assicurata', requested: readonly TRequestedCover[] = []): TComparisonRow[] => {
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
  // The covers asked for come first, each on its row even when no quotation includes it; then the others quoted.
  const coverOf = (quotation: TComparedQuotation, wanted: TRequestedCover) => quotation.covers.find((cover) => includesCover([cover], wanted));
  const requestedRows = requested.map((wanted, index) =>
    row(`requested:${index}`, `${wanted.label} (richiesta)`, quotations.map((quotation) => coverCell(coverOf(quotation, wanted)))),
  );
  const coverCodes: { code: string; label: string }[] = [];
  for (const quotation of quotations) {
    for (const cover of quotation.covers) {
      const isRequested = requested.some((wanted) => includesCover([cover], wanted));
      if (!isRequested && !coverCodes.some((known) => known.code === cover.code)) coverCodes.push({ code: cover.code, label: cover.label });
    }
  }
  return [
    row('company', 'Compagnia', quotations.map((quotation) => quotation.companyName)),
    row('agency', 'Agenzia', quotations.map((quotation) => quotation.agencyName || '—')),
    row('premium', 'Premio annuo', quotations.map((quotation) => formatCents(quotation.premiumCents)), lowestOf(quotations.map((quotation) => quotation.premiumCents))),
    row('instalments', 'Frazionamento', quotations.map((quotation) => instalmentsLabel(quotation.instalments))),
    ...amountRow('personInjury', 'Massimale danni alle persone', quotations.map((quotation) => quotation.personInjuryCents)),
    ...amountRow('propertyDamage', 'Massimale danni alle cose', quotations.map((quotation) => quotation.propertyDamageCents)),
    ...amountRow('insured', insuredLabel, quotations.map((quotation) => quotation.insuredCents ?? null)),
    ...requestedRows,
    ...coverCodes.map((cover) => row(`cover:${cover.code}`, cover.label, quotations.map((quotation) => coverCell(quotation.covers.find((candidate) => candidate.code === cover.code))))),
    row('conditions', 'Condizioni', quotations.map((quotation) => quotation.conditions || '—')),
    row('validUntil', 'Valido fino al', quotations.map((quotation) => formatDate(`${quotation.validUntil}T00:00:00`))),
  ];
};
