import { Badge, Group, Stack } from '@mantine/core';
import type { TAltriRamiData } from '../../../../../../shared/practices/altri-rami';
import { formatCents, formatDate } from '../../../../lib/format';
import { DetailField, DetailSection } from '../../detail/detail-field';
import { productFieldLabel } from '../products/product-labels';
import { ProductAnswersPanel, ProductField } from '../products/product-summary';

/** Italian names of the data's fields, for the history's "what changed" (dotted paths as the engine diffs them). */
const ALTRI_RAMI_FIELD_LABELS: Record<string, string> = {
  description: 'Descrizione del rischio',
  insuredCents: 'Somma assicurata o massimale',
  startDate: 'Decorrenza richiesta',
  durationYears: 'Durata (anni)',
  currentPolicy: 'Polizza in corso',
  'currentPolicy.company': 'Compagnia attuale',
  'currentPolicy.expiryDate': 'Scadenza della polizza attuale',
  covers: 'Garanzie richieste',
  notes: 'Note',
};

/**
 * The label of a changed field of an altri rami practice: the product and its answers (issue 29), a cover's path
 * names the covers; the path itself when it has none.
 */
export const altriRamiFieldLabel = (path: string): string =>
  ALTRI_RAMI_FIELD_LABELS[path] ?? productFieldLabel('altri-rami', path) ?? (path.startsWith('covers.') ? ALTRI_RAMI_FIELD_LABELS.covers! : path);

const isoDate = (value: string | null | undefined) => (value ? formatDate(`${value}T00:00:00`) : null);

/**
 * The request of an altri rami practice, read-only: the product and its version, the risk, the answers to that
 * version's questionnaire (with its labels), the cover asked.
 */
export const AltriRamiSummary = ({ data: raw }: { data: unknown }) => {
  const data = raw as TAltriRamiData;
  return (
    <Stack gap="md">
      <DetailSection title="Rischio da assicurare" titleId="ar-risk">
        <ProductField sector="altri-rami" data={data} />
        <DetailField label="Descrizione">{data.description}</DetailField>
        <DetailField label="Somma assicurata o massimale">{data.insuredCents === null ? 'Da proporre' : formatCents(data.insuredCents)}</DetailField>
      </DetailSection>
      <ProductAnswersPanel sector="altri-rami" data={data} titleId="ar-answers" />
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
