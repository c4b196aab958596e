import { describe, expect, it } from 'vitest';
import { SECTOR_SETTINGS_DEFAULTS, sectorSettingIssue } from '../../../../../../shared/practices/sector-settings';
import { OFFER_MSG, type TUtilityOfferEntry } from '../../../../../../shared/practices/utility-offers';
import { editOffer, isSavedOffer, newOffer, offerFieldPaths, offerIdFor, openAfterRemove, slugOf } from './offers-draft';

const TODAY = '2026-11-24';
const luceGas = SECTOR_SETTINGS_DEFAULTS.luceGasConfig.offers;
const gpl = SECTOR_SETTINGS_DEFAULTS.gplConfig.offers;
const savedIds = (offers: readonly TUtilityOfferEntry[]) => offers.map((offer) => offer.id);

describe('offer codes', () => {
  it('slugs supplier and name: lower case, no accents, one dash between words', () => {
    expect(slugOf('Luce Chiara S.p.A.')).toBe('luce-chiara-s-p-a');
    expect(slugOf('  Energìa  Più — Casa ')).toBe('energia-piu-casa');
    expect(slugOf('«»')).toBe('');
  });

  it('gives a new offer the slug of supplier and name, unique in the catalogue', () => {
    expect(offerIdFor('Gas Valle', 'Casa Più', [])).toBe('gas-valle-casa-piu');
    expect(offerIdFor('Gas Valle', 'Casa Più', ['gas-valle-casa-piu'])).toBe('gas-valle-casa-piu-2');
    expect(offerIdFor('Gas Valle', 'Casa Più', ['gas-valle-casa-piu', 'gas-valle-casa-piu-2'])).toBe('gas-valle-casa-piu-3');
    expect(offerIdFor('', '', [])).toBe('nuova-offerta');
    expect(offerIdFor('!', '', ['nuova-offerta'])).toBe('nuova-offerta-2');
  });

  it('keeps a long code within 60 characters, also with its suffix, and the schema accepts it', () => {
    const long = offerIdFor('Fornitore '.repeat(8), 'Offerta', []);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    const suffixed = offerIdFor('Fornitore '.repeat(8), 'Offerta', [long]);
    expect(suffixed).toMatch(/-2$/);
    expect(suffixed.length).toBeLessThanOrEqual(60);
    const offer = { ...newOffer('luceGas', [], TODAY), id: suffixed, supplier: 'Fornitore', name: 'Offerta' };
    expect(sectorSettingIssue('luceGasConfig', { offers: [offer] })).toBeNull();
  });
});

describe('new offers', () => {
  it('starts a luce e gas offer valid from today with the bill and the identity document, and a GPL one with art. 10 terms', () => {
    const offer = newOffer('luceGas', luceGas, TODAY);
    expect(offer).toMatchObject({ id: 'nuova-offerta', commodity: 'electricity', validFrom: TODAY, validTo: null, lpgTerms: null, commissionCents: 0 });
    expect(offer.docs.map((doc) => doc.docType)).toEqual(['last_bill', 'identity_document']);
    const lpg = newOffer('gpl', gpl, TODAY);
    expect(lpg).toMatchObject({ commodity: 'lpg', lpgTerms: { supplyMonths: 12, tankMonths: null, removalAtLenderCost: true } });
  });

  it('asks first for the supplier of a new offer (its placeholder code is valid)', () => {
    expect(sectorSettingIssue('luceGasConfig', { offers: [...luceGas, newOffer('luceGas', luceGas, TODAY)] })).toEqual({
      path: ['offers', 6, 'supplier'],
      message: OFFER_MSG.supplierRequired,
    });
    expect(sectorSettingIssue('gplConfig', { offers: [...gpl, newOffer('gpl', gpl, TODAY)] })).toEqual({ path: ['offers', 3, 'supplier'], message: OFFER_MSG.supplierRequired });
  });

  it('gives a second new offer another placeholder code', () => {
    const first = newOffer('luceGas', [], TODAY);
    expect(newOffer('luceGas', [first], TODAY).id).toBe('nuova-offerta-2');
  });
});

describe('editing offers', () => {
  const saved = savedIds(luceGas);

  it('lets the code of a new offer follow its supplier and name', () => {
    let offers = [...luceGas, newOffer('luceGas', luceGas, TODAY)];
    offers = editOffer(offers, 6, { supplier: 'Luce Chiara S.p.A.' }, saved);
    expect(offers[6]!.id).toBe('luce-chiara-s-p-a');
    offers = editOffer(offers, 6, { name: 'Casa Verde' }, saved);
    expect(offers[6]!.id).toBe('luce-chiara-s-p-a-casa-verde');
    expect(offers.slice(0, 6)).toEqual(luceGas);
  });

  it('keeps a code the admin wrote, and the code of a saved offer', () => {
    let offers = [...luceGas, newOffer('luceGas', luceGas, TODAY)];
    offers = editOffer(offers, 6, { id: 'casa-verde' }, saved);
    offers = editOffer(offers, 6, { supplier: 'Luce Chiara S.p.A.' }, saved);
    expect(offers[6]!.id).toBe('casa-verde');
    offers = editOffer(offers, 0, { name: 'Casa Sicura Dual 2027' }, saved);
    expect(offers[0]).toMatchObject({ id: 'luce-chiara-casa-dual', name: 'Casa Sicura Dual 2027' });
  });

  it('takes a saved code only for the first offer holding it: a new one repeating it stays editable and is refused', () => {
    const repeated = { ...newOffer('luceGas', luceGas, TODAY), id: 'luce-chiara-casa-luce', supplier: 'Luce Chiara S.p.A.', name: 'Copia' };
    const offers = [...luceGas, repeated];
    expect(isSavedOffer(offers, 1, saved)).toBe(true);
    expect(isSavedOffer(offers, 6, saved)).toBe(false);
    expect(sectorSettingIssue('luceGasConfig', { offers })).toEqual({ path: ['offers', 6, 'id'], message: OFFER_MSG.idDuplicate });
  });
});

describe('offer fields and rows', () => {
  it('lists the paths where an offer shows a message, the rows of its documents included', () => {
    const paths = offerFieldPaths(gpl[0]!);
    expect(paths).toContain('supplier');
    expect(paths).toContain('docs.1.label');
    expect(paths).not.toContain('docs.2.label');
    expect(paths).toContain('lpgTerms.tankMonths');
  });

  it('covers the path of every problem the schema finds in a GPL offer', () => {
    const offer = { ...gpl[0]!, lpgTerms: { supplyMonths: 12, tankMonths: 30, tankBuyoutCents: 95_000, removalAtLenderCost: true } };
    const issue = sectorSettingIssue('gplConfig', { offers: [offer] });
    expect(issue).toEqual({ path: ['offers', 0, 'lpgTerms', 'tankMonths'], message: OFFER_MSG.tankMonthsInvalid });
    expect(offerFieldPaths(offer)).toContain(issue!.path.slice(2).join('.'));
  });

  it('keeps the rows below a removed one open, moved up by one', () => {
    expect(openAfterRemove([0, 2, 5], 2)).toEqual([0, 4]);
    expect(openAfterRemove([1, 3], 0)).toEqual([0, 2]);
    expect(openAfterRemove([], 0)).toEqual([]);
  });
});

describe('GPL terms of art. 10', () => {
  const withTerms = (terms: Partial<NonNullable<TUtilityOfferEntry['lpgTerms']>>) => ({ offers: [{ ...gpl[0]!, lpgTerms: { ...gpl[0]!.lpgTerms!, ...terms } }] });

  it('refuses a supply longer than a year, a tank without its buy-out price and the removal at the client’s cost', () => {
    expect(sectorSettingIssue('gplConfig', withTerms({ supplyMonths: 13 }))).toEqual({ path: ['offers', 0, 'lpgTerms', 'supplyMonths'], message: OFFER_MSG.supplyMonthsInvalid });
    expect(sectorSettingIssue('gplConfig', withTerms({ tankBuyoutCents: null }))).toEqual({ path: ['offers', 0, 'lpgTerms', 'tankBuyoutCents'], message: OFFER_MSG.buyoutRequired });
    expect(sectorSettingIssue('gplConfig', withTerms({ removalAtLenderCost: false }))).toEqual({
      path: ['offers', 0, 'lpgTerms', 'removalAtLenderCost'],
      message: OFFER_MSG.removalAtLenderCost,
    });
    expect(sectorSettingIssue('gplConfig', withTerms({ tankMonths: Number.NaN }))).toEqual({ path: ['offers', 0, 'lpgTerms', 'tankMonths'], message: OFFER_MSG.tankMonthsInvalid });
  });
});
