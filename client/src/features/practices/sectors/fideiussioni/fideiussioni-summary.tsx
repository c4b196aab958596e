import { Stack } from '@mantine/core';
import type { TFideiussioniData } from '../../../../../../shared/practices/fideiussioni';
import { formatDate } from '../../../../lib/format';
import { DetailField, DetailSection } from '../../detail/detail-field';
import { productFieldLabel } from '../products/product-labels';
import { ProductAnswersPanel, ProductField } from '../products/product-summary';

/** Italian names of the data's fields, for the history's "what changed" (dotted paths as the engine diffs them). */
const FIDEIUSSIONI_FIELD_LABELS: Record<string, string> = {
  beneficiary: 'Beneficiario',
  'beneficiary.name': 'Nome del beneficiario',
  'beneficiary.taxCode': 'Codice fiscale o partita IVA del beneficiario',
  'beneficiary.pec': 'PEC del beneficiario',
  startDate: 'Decorrenza della garanzia',
  endDate: 'Scadenza della garanzia',
  obligation: 'Obbligazione garantita',
  notes: 'Note',
};

/** The label of a changed field of a fideiussioni practice: the type and its answers (issue 29); the path itself when it has none. */
export const fideiussioniFieldLabel = (path: string): string => FIDEIUSSIONI_FIELD_LABELS[path] ?? productFieldLabel('fideiussioni', path) ?? path;

const isoDate = (value: string | null | undefined) => (value ? formatDate(`${value}T00:00:00`) : null);

/**
 * The request of a fideiussioni practice, read-only: the bond type and its version, its dates and obligation, the
 * answers to that version's questionnaire (with its labels: amounts, CIG...), the beneficiary.
 */
export const FideiussioniSummary = ({ data: raw }: { data: unknown }) => {
  const data = raw as TFideiussioniData;
  return (
    <Stack gap="md">
      <DetailSection title="Garanzia" titleId="f-bond">
        <ProductField sector="fideiussioni" data={data} />
        <DetailField label="Durata">{`Dal ${isoDate(data.startDate)} al ${isoDate(data.endDate)}`}</DetailField>
        <DetailField label="Obbligazione garantita">{data.obligation}</DetailField>
        {data.notes && <DetailField label="Note">{data.notes}</DetailField>}
      </DetailSection>
      <ProductAnswersPanel sector="fideiussioni" data={data} titleId="f-answers" />
      <DetailSection title="Beneficiario" titleId="f-beneficiary">
        <DetailField label="Nome o ragione sociale">{data.beneficiary.name}</DetailField>
        <DetailField label="Codice fiscale o partita IVA">{data.beneficiary.taxCode}</DetailField>
        <DetailField label="PEC">{data.beneficiary.pec}</DetailField>
      </DetailSection>
    </Stack>
  );
};
