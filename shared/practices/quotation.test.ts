import { describe, expect, it } from 'vitest';
import { todayInItaly } from '../rules/italian-day';
import { addDaysIso } from './rca-settings';
import {
  RCA_COVERS,
  RCA_COVER_LIST,
  RCA_LEGAL_MINIMUMS,
  ZQuotationInput,
  isQuotationStillValid,
  isRcaCoverCode,
  liabilityMinimums,
  quotationExample,
  quotationInputFor,
} from './quotation';

const valid = () => ({
  company: 'c0a80101-0000-4000-8000-000000000001',
  premiumCents: 52_050,
  instalments: 1,
  personInjuryCents: 645_000_000,
  propertyDamageCents: 130_000_000,
  covers: [{ code: 'glass', label: 'Cristalli', limitCents: 80_000, deductibleCents: 5_000 }],
  conditions: 'Franchigia cristalli 50 €.',
  validUntil: addDaysIso(todayInItaly(), 60),
});

const messagesOf = (input: unknown, schema = ZQuotationInput) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('ZQuotationInput', () => {
  it('accepts a quotation at the legal minimums and fills the optional fields', () => {
    const parsed = ZQuotationInput.parse(valid());
    expect(parsed.agency).toBe('');
    expect(parsed.covers).toHaveLength(1);
    expect(ZQuotationInput.parse({ ...valid(), covers: undefined, conditions: undefined }).covers).toEqual([]);
  });

  it('accepts its own example', () => {
    const example = quotationExample();
    expect(ZQuotationInput.parse(example)).toEqual(example);
    expect(isQuotationStillValid(example)).toBe(true);
  });

  it('refuses limits below the legal minimums, one euro less', () => {
    const messages = messagesOf({ ...valid(), personInjuryCents: 645_000_000 - 100, propertyDamageCents: 130_000_000 - 100 });
    expect(messages.personInjuryCents).toMatch(/^Il massimale per danni alle persone non può essere inferiore al minimo di legge \(6\.450\.000,00\s€ per sinistro\)\.$/);
    expect(messages.propertyDamageCents).toMatch(/^Il massimale per danni alle cose non può essere inferiore al minimo di legge \(1\.300\.000,00\s€/);
  });

  it('the legal minimums are those of art. 128 Codice delle assicurazioni private', () => {
    expect(RCA_LEGAL_MINIMUMS.default).toEqual({ personInjuryCents: 6_450_000 * 100, propertyDamageCents: 1_300_000 * 100 });
    expect(liabilityMinimums('bus')).toEqual({ personInjuryCents: 30_000_000 * 100, propertyDamageCents: 2_000_000 * 100 });
    expect(liabilityMinimums('car')).toBe(RCA_LEGAL_MINIMUMS.default);
  });

  it('asks a bus for the higher minimums', () => {
    expect(quotationInputFor('car').safeParse(valid()).success).toBe(true);
    const messages = messagesOf(valid(), quotationInputFor('bus'));
    expect(messages.personInjuryCents).toMatch(/30\.000\.000,00/);
    expect(messages.propertyDamageCents).toMatch(/2\.000\.000,00/);
    expect(quotationInputFor('bus').safeParse({ ...valid(), personInjuryCents: 3_000_000_000, propertyDamageCents: 200_000_000 }).success).toBe(true);
  });

  it.each([0, -100, 100.5, '520'])('refuses the premium %s', (premiumCents) => {
    expect(messagesOf({ ...valid(), premiumCents }).premiumCents).toBe('Il premio deve essere un importo positivo in centesimi.');
  });

  it.each([3, 6, 0, '2'])('refuses %s instalments', (instalments) => {
    expect(messagesOf({ ...valid(), instalments }).instalments).toBe('Frazionamento non valido: scegli tra 1, 2, 4 o 12 rate.');
  });

  it.each([1, 2, 4, 12])('accepts %s instalments', (instalments) => {
    expect(ZQuotationInput.safeParse({ ...valid(), instalments }).success).toBe(true);
  });

  it('refuses a missing company, a bad date, a repeated cover and a deductible above the limit', () => {
    const messages = messagesOf({
      ...valid(),
      company: '  ',
      validUntil: '2027-02-30',
      covers: [
        { code: 'glass', label: 'Cristalli', limitCents: 10_000, deductibleCents: 20_000 },
        { code: 'glass', label: 'Cristalli bis' },
        { code: '1bad code', label: 'X' },
      ],
    });
    expect(messages.company).toBe('Campo obbligatorio.');
    expect(messages.validUntil).toBe('Data non valida.');
    expect(messages['covers.0.deductibleCents']).toBe('La franchigia non può superare il massimale della garanzia.');
    expect(messages['covers.2.code']).toBe('Codice della garanzia non valido.');
    // the cross-field rules of the whole quotation run once the fields are valid
    expect(messagesOf({ ...valid(), covers: [{ code: 'glass', label: 'A' }, { code: 'glass', label: 'B' }] })['covers.1.code']).toBe(
      'Questa garanzia è già presente nel preventivo.',
    );
  });

  it('tells a quotation still valid on its last day and expired the day after', () => {
    expect(isQuotationStillValid({ validUntil: '2027-01-31' }, '2027-01-31')).toBe(true);
    expect(isQuotationStillValid({ validUntil: '2027-01-31' }, '2027-02-01')).toBe(false);
  });
});

describe('covers catalogue', () => {
  it('lists the covers of the request form with Italian labels', () => {
    expect(RCA_COVER_LIST.map((cover) => cover.label)).toEqual([
      'Furto e incendio',
      'Kasko',
      'Cristalli',
      'Assistenza stradale',
      'Infortuni del conducente',
      'Tutela legale',
      'Eventi naturali',
      'Atti vandalici',
      'Rinuncia alla rivalsa',
    ]);
    expect(isRcaCoverCode('kasko')).toBe(true);
    expect(isRcaCoverCode('toString')).toBe(false);
    expect(RCA_COVERS.fireTheft).toBe('Furto e incendio');
  });
});
