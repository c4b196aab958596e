import { describe, expect, it } from 'vitest';
import { OFFER_MSG, UTILITY_OFFERS_DEFAULTS } from '../../../../../../shared/practices/utility-offers';
import { chosenOfferIssue, fittingOffers, offerDocsText, offerOption, offerTermsText } from './offer-text';

const luceGas = UTILITY_OFFERS_DEFAULTS.luceGasConfig.offers;
const gpl = UTILITY_OFFERS_DEFAULTS.gplConfig.offers;
const byId = (id: string) => [...luceGas, ...gpl].find((offer) => offer.id === id)!;

describe('the catalogue offers in a request form', () => {
  it('GPL: lists the offers lending or renting a tank for a tank on loan or rented, the others for an own tank or cylinders', () => {
    const ids = (lpgSupplyKind: string) => fittingOffers(gpl, { commodity: 'lpg', lpgSupplyKind }).map((offer) => offer.id);
    expect(ids('tankLoan')).toEqual(['gas-valle-comodato']);
    expect(ids('tankRented')).toEqual(['gas-valle-comodato']);
    expect(ids('tankOwned')).toEqual(['gpl-alpi-serbatoio-proprio', 'gas-valle-bombole']);
    expect(ids('cylinders')).toEqual(['gpl-alpi-serbatoio-proprio', 'gas-valle-bombole']);
    expect(chosenOfferIssue('gas-valle-comodato', gpl, { commodity: 'lpg', lpgSupplyKind: 'cylinders' })).toBe(OFFER_MSG.offerWithTank);
    expect(chosenOfferIssue('gas-valle-bombole', gpl, { commodity: 'lpg', lpgSupplyKind: 'tankLoan' })).toBe(OFFER_MSG.offerWithoutTank);
  });

  it('lists only the offers that fit the commodity and the kind of customer the uses tell', () => {
    expect(fittingOffers(luceGas, { commodity: 'dual', electricityUse: 'householdResident', gasUse: 'heating' }).map((offer) => offer.id)).toEqual(['luce-chiara-casa-dual']);
    expect(fittingOffers(luceGas, { commodity: 'electricity', electricityUse: 'otherUses', gasUse: null }).map((offer) => offer.id)).toEqual(['energia-nord-impresa-luce']);
    expect(fittingOffers(luceGas, { commodity: 'gas', electricityUse: null, gasUse: 'otherUses' })).toEqual([]);
    expect(fittingOffers(gpl, { commodity: 'lpg' })).toHaveLength(3);
    expect(offerOption(byId('luce-chiara-casa-dual'))).toEqual({ value: 'luce-chiara-casa-dual', label: 'Luce Chiara S.p.A. · Casa Sicura Dual' });
  });

  it('describes the price, the customer, the commission with its clawback and the LPG terms', () => {
    const normalise = (text: string) => text.replace(/\s/g, ' ');
    expect(normalise(offerTermsText(byId('luce-chiara-casa-dual')))).toBe('Prezzo fisso · Domestico residente · provvigione 90,00 € (stornata se la fornitura cessa entro 12 mesi)');
    expect(normalise(offerTermsText(byId('gas-valle-comodato')))).toBe(
      'Prezzo fisso · Domestico residente · provvigione 120,00 € (stornata se la fornitura cessa entro 12 mesi) · fornitura 12 mesi · comodato/noleggio 24 mesi · riscatto 950,00 € · rimozione a carico del fornitore',
    );
    expect(normalise(offerTermsText(byId('gas-valle-bombole')))).toContain('provvigione 25,00 € (nessuno storno) · fornitura 12 mesi · serbatoio non incluso · rimozione');
    expect(offerDocsText(byId('energia-nord-business-dual'))).toBe('Documenti richiesti: Ultima bolletta, Documento d’identità del cliente, Visura camerale (facoltativo).');
    expect(offerDocsText({ docs: [] })).toBeNull();
  });

  it('drops the chosen offer when the supply changes under it or it left the catalogue, with the reason', () => {
    const household = { commodity: 'electricity' as const, electricityUse: 'householdResident', gasUse: null };
    expect(chosenOfferIssue('luce-chiara-casa-luce', luceGas, household)).toBeNull();
    expect(chosenOfferIssue('', luceGas, household)).toBeNull();
    expect(chosenOfferIssue('luce-chiara-casa-luce', luceGas, { ...household, electricityUse: 'otherUses' })).toBe(OFFER_MSG.offerWrongCustomer('Domestico residente'));
    expect(chosenOfferIssue('luce-chiara-casa-luce', luceGas, { commodity: 'dual', electricityUse: 'householdResident', gasUse: 'heating' })).toBe(OFFER_MSG.offerWrongCommodity('luce', 'luce e gas'));
    expect(chosenOfferIssue('offerta-ritirata', luceGas, household)).toBe(OFFER_MSG.offerUnknown);
  });
});
