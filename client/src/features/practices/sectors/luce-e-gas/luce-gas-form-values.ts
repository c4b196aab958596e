import {
  ZLuceGasData,
  type TCommodity,
  type TElectricityUse,
  type TGasUse,
  type TLuceGasData,
  type TSupplyOperation,
} from '../../../../../../shared/practices/luce-e-gas';
import type { TOfferFitSubject } from '../../../../../../shared/practices/utility-offers';
import { EMPTY_OFFER, type TOfferFormValue } from '../utility-offers/offer-text';
import { EMPTY_ADDRESS, EMPTY_SEPA, num, schemaErrors, toAddressFormValues, toSepaFormValues, toSepaInput, type TAddressFormValues, type TSepaFormValues } from './supply-form-values';

/**
 * The luce e gas request as its inputs hold it: the same paths as the request data (`electricity.pod`,
 * `sepa.iban`), so the schema's and the server's messages land under the right input; empty numbers as '', the
 * part of a commodity not chosen kept in the form (switching back keeps what was typed) but not sent.
 */
export type TLuceGasFormValues = {
  supplyAddress: TAddressFormValues;
  commodity: TCommodity | '';
  electricity: { pod: string; yearlyKwh: number | ''; powerKw: number | ''; use: TElectricityUse | '' };
  gas: { pdr: string; yearlySmc: number | ''; use: TGasUse | '' };
  operation: TSupplyOperation | '';
  currentSupplier: string;
  /** The catalogue offer chosen (its code is what the server reads). */
  offer: TOfferFormValue;
  sepa: TSepaFormValues;
  signedAtDistance: boolean;
  notes: string;
};

export const EMPTY_LUCE_GAS_FORM: TLuceGasFormValues = {
  supplyAddress: EMPTY_ADDRESS,
  commodity: '',
  electricity: { pod: '', yearlyKwh: '', powerKw: '', use: 'householdResident' },
  gas: { pdr: '', yearlySmc: '', use: 'household' },
  operation: '',
  currentSupplier: '',
  offer: EMPTY_OFFER,
  sepa: EMPTY_SEPA,
  signedAtDistance: false,
  notes: '',
};

export const showsElectricity = (commodity: TLuceGasFormValues['commodity']) => commodity === 'electricity' || commodity === 'dual';
export const showsGas = (commodity: TLuceGasFormValues['commodity']) => commodity === 'gas' || commodity === 'dual';

/** What the offer must fit: the commodity and the uses of the parts chosen (as the server reads them); null before the commodity. */
export const luceGasOfferSubject = (values: Pick<TLuceGasFormValues, 'commodity' | 'electricity' | 'gas'>): TOfferFitSubject | null =>
  values.commodity === ''
    ? null
    : {
        commodity: values.commodity,
        electricityUse: showsElectricity(values.commodity) ? values.electricity.use || null : null,
        gasUse: showsGas(values.commodity) ? values.gas.use || null : null,
      };

/** What is sent as the practice's `data` (checked again by the server with the same schema). */
export const toLuceGasInput = (values: TLuceGasFormValues): Record<string, unknown> => ({
  supplyAddress: values.supplyAddress,
  commodity: values.commodity || undefined,
  electricity: showsElectricity(values.commodity)
    ? { pod: values.electricity.pod, yearlyKwh: num(values.electricity.yearlyKwh), powerKw: num(values.electricity.powerKw), use: values.electricity.use || undefined }
    : null,
  gas: showsGas(values.commodity) ? { pdr: values.gas.pdr, yearlySmc: num(values.gas.yearlySmc), use: values.gas.use || undefined } : null,
  operation: values.operation || undefined,
  currentSupplier: values.currentSupplier,
  offer: { id: values.offer.id, supplier: values.offer.supplier, name: values.offer.name },
  sepa: toSepaInput(values.sepa),
  signedAtDistance: values.signedAtDistance,
  notes: values.notes,
});

/** A saved request back into the form (editing a request still submitted or rejected). */
export const toLuceGasFormValues = (data: TLuceGasData): TLuceGasFormValues => ({
  supplyAddress: toAddressFormValues(data.supplyAddress),
  commodity: data.commodity,
  electricity: data.electricity ? { ...data.electricity } : EMPTY_LUCE_GAS_FORM.electricity,
  gas: data.gas ? { ...data.gas } : EMPTY_LUCE_GAS_FORM.gas,
  operation: data.operation,
  currentSupplier: data.currentSupplier,
  offer: { id: data.offer.id, supplier: data.offer.supplier, name: data.offer.name },
  sepa: toSepaFormValues(data.sepa),
  signedAtDistance: data.signedAtDistance,
  notes: data.notes,
});

/** Every problem of the request, by form path, with the schema the server uses (a wrong POD, a missing PDR...). */
export const checkLuceGasForm = (values: TLuceGasFormValues): Record<string, string> => schemaErrors(ZLuceGasData, toLuceGasInput(values));
