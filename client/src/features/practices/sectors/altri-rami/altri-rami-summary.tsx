import { Badge, Group, Stack } from '@mantine/core';
import { ALTRI_RAMI_CATEGORIES, HOME_OWNERSHIPS, detailGroupOf, type TAltriRamiData } from '../../../../../../shared/practices/altri-rami';
import { formatCents, formatDate } from '../../../../lib/format';
import { DetailField, DetailSection } from '../../detail/detail-field';

/** Italian names of the data's fields, for the history's "what changed" (dotted paths as the engine diffs them). */
const ALTRI_RAMI_FIELD_LABELS: Record<string, string> = {
  category: 'Categoria',
  description: 'Descrizione del rischio',
  insuredCents: 'Somma assicurata o massimale',
  startDate: 'Decorrenza richiesta',
  durationYears: 'Durata (anni)',
  currentPolicy: 'Polizza in corso',
  'currentPolicy.company': 'Compagnia attuale',
  'currentPolicy.expiryDate': 'Scadenza della polizza attuale',
  covers: 'Garanzie richieste',
  details: 'Dettagli della categoria',
  'details.address': 'Indirizzo dell’abitazione',
  'details.address.street': 'Indirizzo dell’abitazione',
  'details.address.comune': 'Comune dell’abitazione',
  'details.address.province': 'Provincia dell’abitazione',
  'details.squareMetres': 'Superficie (m²)',
  'details.constructionYear': 'Anno di costruzione',
  'details.ownership': 'Proprietario o inquilino',
  'details.birthDate': 'Data di nascita dell’assicurato',
  'details.occupation': 'Professione dell’assicurato',
  'details.profession': 'Professione',
  'details.register': 'Albo o ordine professionale',
  'details.registerNumber': 'Numero di iscrizione all’albo',
  'details.turnoverCents': 'Fatturato annuo',
  'details.destination': 'Destinazione',
  'details.departureDate': 'Data di partenza',
  'details.returnDate': 'Data di rientro',
  'details.travellers': 'Numero di viaggiatori',
  'details.activity': 'Attività svolta',
  'details.atecoCode': 'Codice ATECO',
  'details.employees': 'Numero di addetti',
  notes: 'Note',
};

/** The label of a changed field of an altri rami practice (a cover's path names the covers; the path itself when it has none). */
export const altriRamiFieldLabel = (path: string): string => ALTRI_RAMI_FIELD_LABELS[path] ?? (path.startsWith('covers.') ? ALTRI_RAMI_FIELD_LABELS.covers! : path);

const isoDate = (value: string | null | undefined) => (value ? formatDate(`${value}T00:00:00`) : null);
const cents = (value: number | null | undefined) => (typeof value === 'number' ? formatCents(value) : null);

/** The category's own facts (home, insured person, profession, trip, activity); nothing for the others. */
const CategoryDetails = ({ data }: { data: TAltriRamiData }) => {
  const details = data.details;
  switch (detailGroupOf(data.category)) {
    case 'home':
      return (
        <DetailSection title="Abitazione" titleId="ar-details">
          <DetailField label="Indirizzo">{details.address ? `${details.address.street}, ${details.address.comune} (${details.address.province})` : null}</DetailField>
          <DetailField label="Superficie">{details.squareMetres === undefined ? null : `${details.squareMetres} m²`}</DetailField>
          <DetailField label="Anno di costruzione">{details.constructionYear}</DetailField>
          <DetailField label="Il cliente è">{details.ownership ? HOME_OWNERSHIPS[details.ownership] : null}</DetailField>
        </DetailSection>
      );
    case 'person':
      return (
        <DetailSection title="Persona assicurata" titleId="ar-details">
          <DetailField label="Data di nascita">{isoDate(details.birthDate)}</DetailField>
          <DetailField label="Professione">{details.occupation}</DetailField>
        </DetailSection>
      );
    case 'professional':
      return (
        <DetailSection title="Attività professionale" titleId="ar-details">
          <DetailField label="Professione">{details.profession}</DetailField>
          <DetailField label="Albo o ordine">{details.register}</DetailField>
          <DetailField label="Numero di iscrizione">{details.registerNumber}</DetailField>
          <DetailField label="Fatturato annuo">{cents(details.turnoverCents)}</DetailField>
        </DetailSection>
      );
    case 'travel':
      return (
        <DetailSection title="Viaggio" titleId="ar-details">
          <DetailField label="Destinazione">{details.destination}</DetailField>
          <DetailField label="Partenza">{isoDate(details.departureDate)}</DetailField>
          <DetailField label="Rientro">{isoDate(details.returnDate)}</DetailField>
          <DetailField label="Viaggiatori">{details.travellers}</DetailField>
        </DetailSection>
      );
    case 'activity':
      return (
        <DetailSection title="Attività" titleId="ar-details">
          <DetailField label="Attività svolta">{details.activity}</DetailField>
          <DetailField label="Codice ATECO">{details.atecoCode}</DetailField>
          <DetailField label="Fatturato annuo">{cents(details.turnoverCents)}</DetailField>
          <DetailField label="Addetti">{details.employees}</DetailField>
        </DetailSection>
      );
    default:
      return null;
  }
};

/** The request of an altri rami practice, read-only: the risk and its category, the category's facts, the cover asked. */
export const AltriRamiSummary = ({ data: raw }: { data: unknown }) => {
  const data = raw as TAltriRamiData;
  return (
    <Stack gap="md">
      <DetailSection title="Rischio da assicurare" titleId="ar-risk">
        <DetailField label="Categoria">{ALTRI_RAMI_CATEGORIES[data.category] ?? data.category}</DetailField>
        <DetailField label="Descrizione">{data.description}</DetailField>
        <DetailField label="Somma assicurata o massimale">{data.insuredCents === null ? 'Da proporre' : formatCents(data.insuredCents)}</DetailField>
      </DetailSection>
      <CategoryDetails data={data} />
      <DetailSection title="Copertura richiesta" titleId="ar-cover">
        <DetailField label="Decorrenza richiesta">{isoDate(data.startDate)}</DetailField>
        <DetailField label="Durata">{data.durationYears === 1 ? '1 anno' : `${data.durationYears} anni`}</DetailField>
        <DetailField label="Polizza in corso">
          {data.currentPolicy ? `${data.currentPolicy.company}, scade il ${isoDate(data.currentPolicy.expiryDate)}` : 'Nessuna'}
        </DetailField>
        <DetailField label="Garanzie richieste">
          {data.covers.length === 0 ? (
            'Da proporre'
          ) : (
            <Group gap={4} mt={2}>
              {data.covers.map((cover) => (
                <Badge key={cover} variant="light" size="sm" tt="none">
                  {cover}
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
