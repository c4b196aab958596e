import { Stack } from '@mantine/core';
import { formatQuantity } from '../../../../lib/format';
import { GPL_PAYMENTS, GPL_SUPPLY_KINDS, GPL_USES, type TGplData } from '../../../../../../shared/practices/gpl';
import { formatSupplyAddress } from '../../../../../../shared/practices/utility';
import { DetailField, DetailSection } from '../../detail/detail-field';
import { formatIban, sepaHolder } from '../luce-e-gas/supply-form-values';
import { OfferFields } from '../utility-offers/offer-summary';

/** Italian names of the data's fields, for the history's "what changed" (dotted paths as the engine diffs them). */
const GPL_FIELD_LABELS: Record<string, string> = {
  supplyAddress: 'Indirizzo di fornitura',
  'supplyAddress.street': 'Via',
  'supplyAddress.streetNumber': 'Numero civico',
  'supplyAddress.postcode': 'CAP',
  'supplyAddress.comune': 'Comune',
  'supplyAddress.province': 'Provincia',
  uses: 'Usi',
  supplyKind: 'Tipo di fornitura',
  tank: 'Serbatoio',
  'tank.litres': 'Capacità del serbatoio (litri)',
  'tank.underground': 'Serbatoio interrato',
  cylinderKg: 'Peso delle bombole (kg)',
  yearlyLitres: 'Consumo annuo (litri)',
  currentSupplier: 'Fornitore attuale',
  propertyRented: 'Immobile in affitto',
  ownerConsent: 'Consenso del proprietario',
  'offer.id': 'Codice dell’offerta',
  'offer.supplier': 'Fornitore dell’offerta',
  'offer.name': 'Nome dell’offerta',
  'offer.commissionCents': 'Provvigione',
  'offer.clawbackMonths': 'Mesi dello storno',
  'offer.docs': 'Documenti dell’offerta',
  payment: 'Pagamento',
  sepa: 'Addebito diretto',
  'sepa.iban': 'IBAN',
  'sepa.holderName': 'Intestatario del conto',
  'sepa.holderTaxCode': 'Codice fiscale dell’intestatario',
  notes: 'Note',
};

/** The label of a changed field of a GPL practice (the path itself when it has none). */
export const gplFieldLabel = (path: string): string => GPL_FIELD_LABELS[path] ?? path;

/** The request of a GPL practice, read-only: where, what for, tank or cylinders, the property, offer and payment. */
export const GplSummary = ({ data: raw }: { data: unknown }) => {
  const data = raw as TGplData;
  return (
    <Stack gap="md">
      <DetailSection title="Fornitura" titleId="gpl-supply">
        <DetailField label="Indirizzo di fornitura">{formatSupplyAddress(data.supplyAddress)}</DetailField>
        <DetailField label="Usi">{data.uses.map((use) => GPL_USES[use]).join(', ')}</DetailField>
        <DetailField label="Tipo di fornitura">{GPL_SUPPLY_KINDS[data.supplyKind]}</DetailField>
        {data.tank && <DetailField label="Serbatoio">{`${formatQuantity(data.tank.litres)} litri${data.tank.underground ? ', interrato' : ', fuori terra'}`}</DetailField>}
        {data.cylinderKg !== null && <DetailField label="Bombole">{`${data.cylinderKg} kg`}</DetailField>}
        <DetailField label="Consumo annuo">{`${formatQuantity(data.yearlyLitres)} litri`}</DetailField>
        <DetailField label="Fornitore attuale">{data.currentSupplier}</DetailField>
        <DetailField label="Immobile">{data.propertyRented ? (data.ownerConsent ? 'In affitto, con il consenso del proprietario' : 'In affitto') : 'Non in affitto'}</DetailField>
      </DetailSection>
      <DetailSection title="Offerta e pagamento" titleId="gpl-offer">
        <OfferFields offer={data.offer} />
        <DetailField label="Pagamento">{GPL_PAYMENTS[data.payment]}</DetailField>
        {data.sepa && <DetailField label="IBAN (addebito SEPA)">{formatIban(data.sepa.iban)}</DetailField>}
        {data.sepa && <DetailField label="Intestatario del conto">{sepaHolder(data.sepa)}</DetailField>}
        {data.notes && <DetailField label="Note">{data.notes}</DetailField>}
      </DetailSection>
    </Stack>
  );
};
