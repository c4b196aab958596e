import { Stack } from '@mantine/core';
import { COMMODITIES, ELECTRICITY_USES, GAS_USES, SUPPLY_OPERATIONS, type TLuceGasData } from '../../../../../../shared/practices/luce-e-gas';
import { formatSupplyAddress } from '../../../../../../shared/practices/utility';
import { OPERATION_TIMES, WITHDRAWAL_DAYS, switchStartDate, withdrawalEnds } from '../../../../../../shared/practices/utility-timeline';
import { formatDate, formatQuantity } from '../../../../lib/format';
import { DetailField, DetailSection } from '../../detail/detail-field';
import { formatIban, sepaHolder } from './supply-form-values';
import { OfferFields } from '../utility-offers/offer-summary';

/** Italian names of the data's fields, for the history's "what changed" (dotted paths as the engine diffs them). */
const LUCE_GAS_FIELD_LABELS: Record<string, string> = {
  supplyAddress: 'Indirizzo di fornitura',
  'supplyAddress.street': 'Via',
  'supplyAddress.streetNumber': 'Numero civico',
  'supplyAddress.postcode': 'CAP',
  'supplyAddress.comune': 'Comune',
  'supplyAddress.province': 'Provincia',
  commodity: 'Fornitura',
  electricity: 'Fornitura di luce',
  'electricity.pod': 'POD',
  'electricity.yearlyKwh': 'Consumo annuo di luce (kWh)',
  'electricity.powerKw': 'Potenza impegnata (kW)',
  'electricity.use': 'Uso della luce',
  gas: 'Fornitura di gas',
  'gas.pdr': 'PDR',
  'gas.yearlySmc': 'Consumo annuo di gas (Smc)',
  'gas.use': 'Uso del gas',
  currentSupplier: 'Fornitore attuale',
  operation: 'Operazione',
  'offer.id': 'Codice dell’offerta',
  'offer.supplier': 'Fornitore dell’offerta',
  'offer.name': 'Nome dell’offerta',
  'offer.commissionCents': 'Provvigione',
  'offer.clawbackMonths': 'Mesi dello storno',
  'offer.docs': 'Documenti dell’offerta',
  'sepa.iban': 'IBAN',
  'sepa.holderName': 'Intestatario del conto',
  'sepa.holderTaxCode': 'Codice fiscale dell’intestatario',
  signedAtDistance: 'Firmato a distanza o fuori dai locali commerciali',
  notes: 'Note',
};

/** The label of a changed field of a luce e gas practice (the path itself when it has none). */
export const luceGasFieldLabel = (path: string): string => LUCE_GAS_FIELD_LABELS[path] ?? path;

const number = formatQuantity;

/** The request of a luce e gas practice, read-only: where, what, the meters, the offer and the payment. */
export const LuceGasSummary = ({ data: raw, createdAt, expectedStartDate }: { data: unknown; createdAt?: Date; expectedStartDate?: string | null }) => {
  const data = raw as TLuceGasData;
  const requestedOn = (createdAt ?? new Date()).toISOString().slice(0, 10);
  // The server's date (moved when a rejected request is sent again); the rule applied to the request's date otherwise.
  const expected = expectedStartDate ?? switchStartDate(requestedOn);
  const sentOn = expected === switchStartDate(requestedOn) ? `richiesta del ${formatDate(`${requestedOn}T00:00:00`)}` : 'richiesta inviata di nuovo';
  return (
    <Stack gap="md">
      <DetailSection title="Tempi" titleId="lg-timeline">
        <DetailField label="Avvio previsto">
          {data.operation === 'switch' ? `${formatDate(`${expected}T00:00:00`)} (${sentOn})` : OPERATION_TIMES[data.operation]}
        </DetailField>
        {data.signedAtDistance && <DetailField label="Recesso del cliente">{`entro il ${formatDate(`${withdrawalEnds(requestedOn)}T00:00:00`)} (${WITHDRAWAL_DAYS} giorni)`}</DetailField>}
      </DetailSection>
      <DetailSection title="Fornitura" titleId="lg-supply">
        <DetailField label="Fornitura">{COMMODITIES[data.commodity]}</DetailField>
        <DetailField label="Operazione">{SUPPLY_OPERATIONS[data.operation]}</DetailField>
        <DetailField label="Indirizzo di fornitura">{formatSupplyAddress(data.supplyAddress)}</DetailField>
        <DetailField label="Fornitore attuale">{data.currentSupplier}</DetailField>
      </DetailSection>
      {data.electricity && (
        <DetailSection title="Luce" titleId="lg-electricity">
          <DetailField label="POD">{data.electricity.pod}</DetailField>
          <DetailField label="Uso">{ELECTRICITY_USES[data.electricity.use]}</DetailField>
          <DetailField label="Consumo annuo">{`${number(data.electricity.yearlyKwh)} kWh`}</DetailField>
          <DetailField label="Potenza impegnata">{`${number(data.electricity.powerKw)} kW`}</DetailField>
        </DetailSection>
      )}
      {data.gas && (
        <DetailSection title="Gas" titleId="lg-gas">
          <DetailField label="PDR">{data.gas.pdr}</DetailField>
          <DetailField label="Uso">{GAS_USES[data.gas.use]}</DetailField>
          <DetailField label="Consumo annuo">{`${number(data.gas.yearlySmc)} Smc`}</DetailField>
        </DetailSection>
      )}
      <DetailSection title="Offerta e pagamento" titleId="lg-offer">
        <OfferFields offer={data.offer} />
        <DetailField label="IBAN (addebito SEPA)">{formatIban(data.sepa.iban)}</DetailField>
        <DetailField label="Intestatario del conto">{sepaHolder(data.sepa)}</DetailField>
        <DetailField label="Firmato a distanza o fuori dai locali">{data.signedAtDistance ? 'Sì (recesso entro 14 giorni)' : 'No'}</DetailField>
        {data.notes && <DetailField label="Note">{data.notes}</DetailField>}
      </DetailSection>
    </Stack>
  );
};
