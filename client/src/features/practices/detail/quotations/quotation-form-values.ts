import { INSTALMENTS, RCA_COVER_LIST, RCA_LEGAL_MINIMUMS, isRcaCoverCode, type TQuotationCover } from '../../../../../../shared/practices/quotation';
import type { TQuotation } from '../../../../../../shared/schemas/quotations';

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
  covers: TCoverValues[];
  conditions: string;
  validUntil: string | null;
};

const toEuro = (cents: number | null | undefined): number | null => (cents === null || cents === undefined ? null : cents / 100);
const toCents = (euro: number | null): number | null => (euro === null ? null : Math.round(euro * 100));

const addDays = (days: number, from: Date = new Date()) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The catalogue's covers, then the insurer's own ones a quotation may carry (kept as they are). */
const coverRows = (covers: readonly TQuotationCover[]): TCoverValues[] => [
  ...RCA_COVER_LIST.map(({ code, label }) => {
    const cover = covers.find((candidate) => candidate.code === code);
    return { code, label: cover?.label ?? label, isIncluded: cover !== undefined, limit: toEuro(cover?.limitCents), deductible: toEuro(cover?.deductibleCents) };
  }),
  ...covers
    .filter((cover) => !isRcaCoverCode(cover.code))
    .map((cover) => ({ code: cover.code, label: cover.label, isIncluded: true, limit: toEuro(cover.limitCents), deductible: toEuro(cover.deductibleCents) })),
];

/** A new quotation: the legal minimum limits, yearly premium, valid 30 days. */
export const emptyQuotationValues = (): TQuotationFormValues => ({
  company: null,
  agency: null,
  premium: null,
  instalments: String(INSTALMENTS[0]),
  personInjury: toEuro(RCA_LEGAL_MINIMUMS.default.personInjuryCents),
  propertyDamage: toEuro(RCA_LEGAL_MINIMUMS.default.propertyDamageCents),
  covers: coverRows([]),
  conditions: '',
  validUntil: addDays(30),
});

/** The values of a quotation being edited. */
export const quotationToValues = (quotation: TQuotation): TQuotationFormValues => ({
  company: quotation.companyId ?? quotation.companyName,
  agency: quotation.agencyId ?? quotation.agencyName,
  premium: toEuro(quotation.premiumCents),
  instalments: String(quotation.instalments),
  personInjury: toEuro(quotation.personInjuryCents),
  propertyDamage: toEuro(quotation.propertyDamageCents),
  covers: coverRows(quotation.covers),
  conditions: quotation.conditions,
  validUntil: quotation.validUntil,
});

/** What the server reads (ZQuotationInput), amounts in cents; a missing value stays missing for the schema's message. */
export const valuesToInput = (values: TQuotationFormValues): Record<string, unknown> => ({
  company: values.company ?? '',
  agency: values.agency ?? '',
  premiumCents: toCents(values.premium) ?? undefined,
  instalments: Number(values.instalments),
  personInjuryCents: toCents(values.personInjury) ?? undefined,
  propertyDamageCents: toCents(values.propertyDamage) ?? undefined,
  covers: values.covers
    .filter((cover) => cover.isIncluded)
    .map((cover) => ({ code: cover.code, label: cover.label, limitCents: toCents(cover.limit), deductibleCents: toCents(cover.deductible) })),
  conditions: values.conditions,
  validUntil: values.validUntil ?? '',
});

/** The form field holding the message of a server or schema path (`premiumCents` -> `premium`, `covers.2.deductibleCents` -> `covers`). */
export const fieldOfPath = (path: string): string => {
  const root = path.split('.')[0] ?? path;
  const names: Record<string, string> = { premiumCents: 'premium', personInjuryCents: 'personInjury', propertyDamageCents: 'propertyDamage' };
  return names[root] ?? root;
};
