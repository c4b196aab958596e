import { ZGplData, isTankKind, type TGplCylinderKg, type TGplData, type TGplPayment, type TGplSupplyKind, type TGplUse } from '../../../../../../shared/practices/gpl';
import {
  EMPTY_ADDRESS,
  EMPTY_SEPA,
  num,
  schemaErrors,
  toAddressFormValues,
  toSepaFormValues,
  toSepaInput,
  type TAddressFormValues,
  type TSepaFormValues,
} from '../luce-e-gas/supply-form-values';
import { EMPTY_OFFER, type TOfferFormValue } from '../utility-offers/offer-text';

/**
 * The GPL request as its inputs hold it: the same paths as the request data (`tank.litres`, `sepa.iban`), empty
 * numbers as '', the tank or the cylinders and the IBAN sent only when the supply kind and the payment use them.
 */
export type TGplFormValues = {
  supplyAddress: TAddressFormValues;
  uses: TGplUse[];
  supplyKind: TGplSupplyKind | '';
  tank: { litres: number | ''; underground: boolean };
  cylinderKg: TGplCylinderKg | '';
  yearlyLitres: number | '';
  currentSupplier: string;
  propertyRented: boolean;
  ownerConsent: boolean;
  /** The catalogue offer chosen (its code is what the server reads). */
  offer: TOfferFormValue;
  payment: TGplPayment | '';
  sepa: TSepaFormValues;
  notes: string;
};

export const EMPTY_GPL_FORM: TGplFormValues = {
  supplyAddress: EMPTY_ADDRESS,
  uses: [],
  supplyKind: '',
  tank: { litres: '', underground: false },
  cylinderKg: '',
  yearlyLitres: '',
  currentSupplier: '',
  propertyRented: false,
  ownerConsent: false,
  offer: EMPTY_OFFER,
  payment: 'sepa',
  sepa: EMPTY_SEPA,
  notes: '',
};

/** What is sent as the practice's `data` (checked again by the server with the same schema). */
export const toGplInput = (values: TGplFormValues): Record<string, unknown> => ({
  supplyAddress: values.supplyAddress,
  uses: values.uses,
  supplyKind: values.supplyKind || undefined,
  tank: isTankKind(values.supplyKind) ? { litres: num(values.tank.litres), underground: values.tank.underground } : null,
  cylinderKg: values.supplyKind === 'cylinders' ? (num(values.cylinderKg) ?? null) : null,
  yearlyLitres: num(values.yearlyLitres),
  currentSupplier: values.currentSupplier,
  propertyRented: values.propertyRented,
  ownerConsent: values.propertyRented && values.ownerConsent,
  offer: { id: values.offer.id, supplier: values.offer.supplier, name: values.offer.name },
  payment: values.payment || undefined,
  sepa: values.payment === 'sepa' ? toSepaInput(values.sepa) : null,
  notes: values.notes,
});

/** A saved request back into the form (editing a request still submitted or rejected). */
export const toGplFormValues = (data: TGplData): TGplFormValues => ({
  supplyAddress: toAddressFormValues(data.supplyAddress),
  uses: [...data.uses],
  supplyKind: data.supplyKind,
  tank: data.tank ? { ...data.tank } : EMPTY_GPL_FORM.tank,
  cylinderKg: data.cylinderKg ?? '',
  yearlyLitres: data.yearlyLitres,
  currentSupplier: data.currentSupplier,
  propertyRented: data.propertyRented,
  ownerConsent: data.ownerConsent,
  offer: { id: data.offer.id, supplier: data.offer.supplier, name: data.offer.name },
  payment: data.payment,
  sepa: toSepaFormValues(data.sepa),
  notes: data.notes,
});

/** Every problem of the request, by form path, with the schema the server uses. */
export const checkGplForm = (values: TGplFormValues): Record<string, string> => schemaErrors(ZGplData, toGplInput(values));
