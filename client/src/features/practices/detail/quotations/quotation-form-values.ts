import { INSTALMENTS, RCA_COVER_LIST, RCA_LEGAL_MINIMUMS, isRcaCoverCode, type TQuotationCover } from '../../../../../../shared/practices/quotation';
import type { TQuotation } from '../../../../../../shared/schemas/quotations';
import type { TRequestedCover } from '../quotation-compare';

/** A cover row of the form: included or not, its limit and deductible in euro. */
export type TCoverValues = { code: string; label: string; isIncluded: boolean; limit: number | null; deductible: number | null };

/** The quotation dialog's values: amounts in euro as typed (DecimalInput), dates as ISO days. */
export type TQuotationFormValues = {
  /** A company id of the admin list, or the name the quotation carries when the list does not know it. */
  company: string | null;
  agency: string | null;
  premium: number | null;
  instalments: string;
  personInjury: number | null;
  propertyDamage: number | null;
  /** The sum insured or guaranteed (altri rami, fideiussioni). */
  insured: number | null;
  covers: TCoverValues[];
  conditions: string;
  validUntil: string | null;
};

const toEuro = (cents: number | null | undefined): number | null => (cents === null || cents === undefined ? null : cents / 100);
const toCents = (euro: number | null): number | null => (euro === null ? null : Math.round(euro * 100));

const addDays = (days: number, from: Date = new Date()) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Which amounts a sector's quotations state (shared/practices/definition.ts `quotation.limits`). */
export type TQuotationLimits = 'liability' | 'insured';

/**
 * RC Auto: the catalogue's covers, then the insurer's own ones a quotation may carry (kept as they are). The other
 * sectors have no catalogue: the covers the quotation carries, and those the broker adds by name.
 */
const coverRows = (covers: readonly TQuotationCover[], limits: TQuotationLimits = 'liability'): TCoverValues[] => [
  ...(limits === 'insured' ? [] : RCA_COVER_LIST).map(({ code, label }) => {
    const cover = covers.find((candidate) => candidate.code === code);
    return { code, label: cover?.label ?? label, isIncluded: cover !== undefined, limit: toEuro(cover?.limitCents), deductible: toEuro(cover?.deductibleCents) };
  }),
  ...covers
    .filter((cover) => !isRcaCoverCode(cover.code))
    .map((cover) => ({ code: cover.code, label: cover.label, isIncluded: true, limit: toEuro(cover.limitCents), deductible: toEuro(cover.deductibleCents) })),
];

/** A cover the broker adds by name (sectors without a catalogue): its code is made unique among the rows. */
export const customCover = (rows: readonly TCoverValues[]): TCoverValues => {
  let index = rows.length + 1;
  while (rows.some((row) => row.code === `garanzia${index}`)) index += 1;
  return { code: `garanzia${index}`, label: '', isIncluded: true, limit: null, deductible: null };
};

/**
 * The covers a new quotation starts from: those the corner asked for, ticked (RC Auto's catalogue rows), or written
 * out as the broker's own rows (the other sectors), so that the broker unticks what the insurer does not offer
 * rather than having to remember what was asked.
 */
const requestedRows = (requested: readonly TRequestedCover[], limits: TQuotationLimits): TCoverValues[] => {
  if (limits === 'insured') {
    return requested.reduce<TCoverValues[]>((rows, cover) => [...rows, { ...customCover(rows), label: cover.label }], []);
  }
  return coverRows([], limits).map((row) => ({ ...row, isIncluded: requested.some((cover) => cover.code === row.code) }));
};

/** A new quotation: the legal minimum limits (RC Auto), yearly premium, valid 30 days, the requested covers included. */
export const emptyQuotationValues = (limits: TQuotationLimits = 'liability', requested: readonly TRequestedCover[] = []): TQuotationFormValues => ({
  company: null,
  agency: null,
  premium: null,
  instalments: String(INSTALMENTS[0]),
  personInjury: limits === 'liability' ? toEuro(RCA_LEGAL_MINIMUMS.default.personInjuryCents) : null,
  propertyDamage: limits === 'liability' ? toEuro(RCA_LEGAL_MINIMUMS.default.propertyDamageCents) : null,
  insured: null,
  covers: requestedRows(requested, limits),
  conditions: '',
  validUntil: addDays(30),
});

/** The values of a quotation being edited. */
export const quotationToValues = (quotation: TQuotation, limits: TQuotationLimits = 'liability'): TQuotationFormValues => ({
  company: quotation.companyId ?? quotation.companyName,
  agency: quotation.agencyId ?? quotation.agencyName,
  premium: toEuro(quotation.premiumCents),
  instalments: String(quotation.instalments),
  personInjury: toEuro(quotation.personInjuryCents),
  propertyDamage: toEuro(quotation.propertyDamageCents),
  insured: toEuro(quotation.insuredCents),
  covers: coverRows(quotation.covers, limits),
  conditions: quotation.conditions,
  validUntil: quotation.validUntil,
});

/**
 * What the server reads (ZQuotationInput, or ZInsuredQuotationInput for the sectors with an insured sum), amounts in
 * cents; a missing value stays missing for the schema's message.
 */
export const valuesToInput = (values: TQuotationFormValues, limits: TQuotationLimits = 'liability'): Record<string, unknown> => ({
  company: values.company ?? '',
  agency: values.agency ?? '',
  premiumCents: toCents(values.premium) ?? undefined,
  instalments: Number(values.instalments),
  ...(limits === 'liability'
    ? { personInjuryCents: toCents(values.personInjury) ?? undefined, propertyDamageCents: toCents(values.propertyDamage) ?? undefined }
    : { insuredCents: toCents(values.insured) ?? undefined }),
  covers: values.covers
    .filter((cover) => cover.isIncluded)
    .map((cover) => ({ code: cover.code, label: cover.label, limitCents: toCents(cover.limit), deductibleCents: toCents(cover.deductible) })),
  conditions: values.conditions,
  validUntil: values.validUntil ?? '',
});

/** The form field holding the message of a server or schema path (`premiumCents` -> `premium`, `covers.2.deductibleCents` -> `covers`). */
export const fieldOfPath = (path: string): string => {
  const root = path.split('.')[0] ?? path;
  const names: Record<string, string> = { premiumCents: 'premium', personInjuryCents: 'personInjury', propertyDamageCents: 'propertyDamage', insuredCents: 'insured' };
  return names[root] ?? root;
};
