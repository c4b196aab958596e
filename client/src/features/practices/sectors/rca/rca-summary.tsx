import { Badge, Group, Stack } from '@mantine/core';
import { RCA_COVERS, type TRcaCoverCode } from '../../../../../../shared/practices/quotation';
import { DRIVING_KINDS, FUELS, VEHICLE_USES, type TRcaData } from '../../../../../../shared/practices/rca';
import { VEHICLE_TYPE_LABELS } from '../../../../../../shared/validation/plates';
import { formatCents, formatDate } from '../../../../lib/format';
import { DetailField, DetailSection } from '../../detail/detail-field';

/** Italian names of the data's fields, for the history's "what changed" (dotted paths as the engine diffs them). */
const RCA_FIELD_LABELS: Record<string, string> = {
  owner: 'Proprietario',
  'owner.name': 'Nome del proprietario',
  'owner.taxCode': 'Codice fiscale del proprietario',
  driver: 'Conducente abituale',
  'driver.name': 'Nome del conducente',
  'driver.taxCode': 'Codice fiscale del conducente',
  'driver.birthDate': 'Data di nascita del conducente',
  'driver.licenceYear': 'Anno della patente',
  drivingKind: 'Tipo di guida',
  'vehicle.type': 'Tipo di veicolo',
  'vehicle.plate': 'Targa',
  'vehicle.chassis': 'Telaio',
  'vehicle.use': 'Uso',
  'vehicle.make': 'Marca',
  'vehicle.model': 'Modello',
  'vehicle.fuel': 'Alimentazione',
  'vehicle.registrationYear': 'Anno di immatricolazione',
  'vehicle.powerKw': 'Potenza (kW)',
  'vehicle.valueCents': 'Valore del veicolo',
  currentPolicy: 'Polizza in corso',
  'currentPolicy.company': 'Compagnia attuale',
  'currentPolicy.expiryDate': 'Scadenza della polizza attuale',
  'currentPolicy.cuClass': 'Classe CU',
  'currentPolicy.claimsLastFiveYears': 'Sinistri degli ultimi 5 anni',
  startDate: 'Decorrenza richiesta',
  'familyBonus.applies': 'Bonus familiare (RC familiare)',
  'familyBonus.relativeTaxCode': 'Codice fiscale del familiare',
  'familyBonus.fromPlate': 'Targa del veicolo del familiare',
  covers: 'Garanzie richieste',
  notes: 'Note',
};

/** The label of a changed field of a RC Auto practice (the path itself when it has none). */
export const rcaFieldLabel = (path: string): string => RCA_FIELD_LABELS[path] ?? path;

const isoDate = (value: string | null | undefined) => (value ? formatDate(`${value}T00:00:00`) : null);

/** The request of a RC Auto practice, read-only: vehicle, who drives it, the policy in force, what is asked. */
export const RcaSummary = ({ data: raw }: { data: unknown }) => {
  const data = raw as TRcaData;
  const vehicle = data.vehicle;
  return (
    <Stack gap="md">
      <DetailSection title="Veicolo" titleId="rca-vehicle">
        <DetailField label="Veicolo">{[vehicle.make, vehicle.model].filter(Boolean).join(' ')}</DetailField>
        <DetailField label="Tipo">{VEHICLE_TYPE_LABELS[vehicle.type]}</DetailField>
        <DetailField label="Targa">{vehicle.plate}</DetailField>
        <DetailField label="Telaio">{vehicle.chassis}</DetailField>
        <DetailField label="Uso">{VEHICLE_USES[vehicle.use]}</DetailField>
        <DetailField label="Alimentazione">{FUELS[vehicle.fuel]}</DetailField>
        <DetailField label="Anno di immatricolazione">{vehicle.registrationYear}</DetailField>
        <DetailField label="Potenza">{vehicle.powerKw === null ? null : `${vehicle.powerKw} kW`}</DetailField>
        <DetailField label="Valore">{formatCents(vehicle.valueCents)}</DetailField>
      </DetailSection>
      <DetailSection title="Contraente, proprietario e conducente" titleId="rca-people">
        <DetailField label="Proprietario">{data.owner ? `${data.owner.name} (${data.owner.taxCode})` : 'Il contraente'}</DetailField>
        <DetailField label="Tipo di guida">{DRIVING_KINDS[data.drivingKind]}</DetailField>
        <DetailField label="Conducente abituale">
          {data.driver ? [data.driver.name, data.driver.taxCode].filter(Boolean).join(' · ') : 'Il contraente'}
        </DetailField>
        {data.driver && <DetailField label="Data di nascita del conducente">{isoDate(data.driver.birthDate)}</DetailField>}
        {data.driver && <DetailField label="Anno della patente">{data.driver.licenceYear}</DetailField>}
      </DetailSection>
      <DetailSection title="Copertura richiesta" titleId="rca-cover">
        <DetailField label="Decorrenza richiesta">{isoDate(data.startDate)}</DetailField>
        <DetailField label="Polizza in corso">
          {data.currentPolicy ? `${data.currentPolicy.company}, scade il ${isoDate(data.currentPolicy.expiryDate)}` : 'Nessuna (prima immatricolazione o veicolo mai assicurato)'}
        </DetailField>
        {data.currentPolicy && <DetailField label="Classe CU">{data.currentPolicy.cuClass}</DetailField>}
        {data.currentPolicy && <DetailField label="Sinistri ultimi 5 anni">{data.currentPolicy.claimsLastFiveYears.join(' · ')}</DetailField>}
        <DetailField label="Bonus familiare (RC familiare)">
          {data.familyBonus.applies ? `Sì: ${data.familyBonus.relativeTaxCode}, veicolo ${data.familyBonus.fromPlate}` : 'No'}
        </DetailField>
        <DetailField label="Garanzie richieste">
          {data.covers.length === 0 ? (
            'Solo RC'
          ) : (
            <Group gap={4} mt={2}>
              {data.covers.map((code) => (
                <Badge key={code} variant="light" size="sm">
                  {RCA_COVERS[code as TRcaCoverCode] ?? code}
                </Badge>
              ))}
            </Group>
          )}
        </DetailField>
        {data.notes && <DetailField label="Note">{data.notes}</DetailField>}
      </DetailSection>
    </Stack>
  );
};
